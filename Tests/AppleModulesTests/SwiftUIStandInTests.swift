import Foundation
import ScrollSimUIKit
import SwiftUI
import Testing

private struct Badge: View {
    let count: Int
    @State private var expanded = false
    @AppStorage("scrollsim.tests.badge.shown") private var shown = false

    var body: some View {
        HStack(spacing: 4) {
            Image(systemName: "bell")
            if count > 0 {
                Text("\(count)").font(.caption).bold()
            } else {
                Spacer()
            }
        }
        .padding(.horizontal, 8)
        .frame(width: 120, height: 44)
    }
}

private struct Badge_Previews: PreviewProvider {
    static var previews: some View {
        Badge(count: 3).previewLayout(.sizeThatFits)
    }
}

@Suite("SwiftUI stand-in: hosting, storage, previews")
@MainActor
struct SwiftUIStandInTests {
    @Test("a hosting controller's view takes its root view's frame, a preferred size, or the space offered")
    func hosting() {
        let framed = UIHostingController(rootView: Badge(count: 2).frame(width: 120, height: 44))
        #expect(framed.view.intrinsicContentSize == CGSize(width: 120, height: 44))
        #expect(framed.sizeThatFits(in: CGSize(width: 390, height: 844)) == CGSize(width: 120, height: 44))
        let preferred = UIHostingController(rootView: Badge(count: 2))
        preferred.preferredContentSize = CGSize(width: 0, height: 60)
        #expect(preferred.sizeThatFits(in: CGSize(width: 390, height: 844)) == CGSize(width: 390, height: 60))
        let free = UIHostingController(rootView: Text("Hello"))
        #expect(free.sizeThatFits(in: CGSize(width: 390, height: 100)) == CGSize(width: 390, height: 100))
    }

    @Test("@AppStorage reads and writes UserDefaults")
    func appStorage() {
        UserDefaults.standard.removeObject(forKey: "scrollsim.tests.flag")
        let flag = AppStorage(wrappedValue: false, "scrollsim.tests.flag")
        #expect(flag.wrappedValue == false)
        flag.wrappedValue = true
        #expect(UserDefaults.standard.bool(forKey: "scrollsim.tests.flag"))
        #expect(AppStorage(wrappedValue: false, "scrollsim.tests.flag").wrappedValue)
        UserDefaults.standard.removeObject(forKey: "scrollsim.tests.flag")
    }

    @Test("@State and bindings keep values a body changes")
    func state() {
        let count = State(wrappedValue: 1)
        let binding = count.projectedValue
        binding.wrappedValue = 5
        #expect(count.wrappedValue == 5)
    }

    @Test("a cell's UIHostingConfiguration measures its content's frame plus margins")
    func hostingConfiguration() {
        let configuration = UIHostingConfiguration { Text("Row").frame(height: 60) }.margins(.vertical, 10)
        let view = configuration.makeContentView()
        let size = view.systemLayoutSizeFitting(
            CGSize(width: 390, height: 44), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(size == CGSize(width: 390, height: 80))
    }

    @Test("previews compile, and are values that are never run")
    func previews() {
        _ = Badge_Previews.previews
    }
}
