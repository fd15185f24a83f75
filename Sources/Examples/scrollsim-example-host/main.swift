import ExampleApp
import ScrollSimHost
import UIKit

// The example app's screens, served to scrollsimd (docs/screen-hosts.md).
ScreenHost.main([
    "example-feed": ScreenHost.Screen("The example app's feed: a row of stories that pages in as it nears its end, over posts") {
        simulator in
        ExampleServer.register(on: simulator.network)
        try simulator.show(FeedViewController())
    },
    "example-settings": .controller("The example app's settings: an outline of groups that expand") {
        SettingsViewController()
    },
])
