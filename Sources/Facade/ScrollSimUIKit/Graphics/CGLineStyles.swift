/// How a stroke's ends are drawn (Core Graphics' `CGLineCap`).
public enum CGLineCap: Int32, Sendable { case butt = 0, round, square }

/// How a stroke's corners are drawn (Core Graphics' `CGLineJoin`).
public enum CGLineJoin: Int32, Sendable { case miter = 0, round, bevel }
