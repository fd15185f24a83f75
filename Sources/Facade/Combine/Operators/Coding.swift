import Foundation

/// A decoder that turns a value of one type into Decodable values, as Combine's `TopLevelDecoder`.
public protocol TopLevelDecoder {
    associatedtype Input
    func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}

/// An encoder that turns Encodable values into one type, as Combine's `TopLevelEncoder`.
public protocol TopLevelEncoder {
    associatedtype Output
    func encode<T: Encodable>(_ value: T) throws -> Output
}

extension JSONDecoder: TopLevelDecoder {}
extension PropertyListDecoder: TopLevelDecoder {}
extension JSONEncoder: TopLevelEncoder {}
extension PropertyListEncoder: TopLevelEncoder {}

extension Publishers {
    /// Decodes each value, as Combine's `Publishers.Decode`; a decoding error fails the publisher.
    public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher, RelayOperator
    where Upstream.Output == Coder.Input {
        public typealias Failure = any Error
        public let upstream: Upstream
        private let decoder: Coder

        public init(upstream: Upstream, decoder: Coder) {
            self.upstream = upstream
            self.decoder = decoder
        }

        func makeStep() -> (Upstream.Output) -> Step<Output, any Error> {
            { [decoder] input in
                do { return .emit(try decoder.decode(Output.self, from: input)) } catch { return .fail(error) }
            }
        }
    }

    /// Encodes each value, as Combine's `Publishers.Encode`; an encoding error fails the publisher.
    public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher, RelayOperator where Upstream.Output: Encodable {
        public typealias Output = Coder.Output
        public typealias Failure = any Error
        public let upstream: Upstream
        private let encoder: Coder

        public init(upstream: Upstream, encoder: Coder) {
            self.upstream = upstream
            self.encoder = encoder
        }

        func makeStep() -> (Upstream.Output) -> Step<Output, any Error> {
            { [encoder] input in
                do { return .emit(try encoder.encode(input)) } catch { return .fail(error) }
            }
        }
    }
}

extension Publisher {
    /// Decodes each value with `decoder`.
    public func decode<Item: Decodable, Coder: TopLevelDecoder>(
        type: Item.Type, decoder: Coder
    ) -> Publishers.Decode<Self, Item, Coder>
    where Output == Coder.Input {
        Publishers.Decode(upstream: self, decoder: decoder)
    }

    /// Encodes each value with `encoder`.
    public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder> where Output: Encodable {
        Publishers.Encode(upstream: self, encoder: encoder)
    }
}
