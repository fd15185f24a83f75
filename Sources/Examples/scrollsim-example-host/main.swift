import ExampleApp
import ScrollSimHost
import UIKit

// The example app's screens, served to scrollsimd (docs/screen-hosts.md). The feed's script is
// what a user does: flick the stories row to its end (which pages more in), scroll down the
// posts and back; live simulations repeat it every eight seconds.
ScreenHost.main([
    "example-feed": ScreenHost.Screen(
        "The example app's feed: a row of stories that pages in as it nears its end, over posts",
        script: [
            .fling(at: 1, section: "stories", velocity: 3000), .fling(at: 3, velocity: 1500), .fling(at: 6, velocity: -1500),
        ],
        period: 8
    ) { simulator in
        ExampleServer.register(on: simulator.network)
        try simulator.show(FeedViewController())
    },
    "example-settings": .controller("The example app's settings: an outline of groups that expand") {
        SettingsViewController()
    },
])
