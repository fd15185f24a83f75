// UIKit brings the Objective-C runtime's names through Foundation: `Selector`, associated objects,
// selector-based observers (on Linux, scrollsim's stand-in for the runtime).
@_exported import ObjectiveC
// UIKit re-exports Foundation: code written for iOS uses CGFloat, CGRect, CGSize, CGPoint,
// IndexPath and NSCoder without importing it, so this module does too — through VirtualRunLoop,
// whose declarations run the app's dispatch queues, tasks, timers and URL loads on the simulator's
// clock (Foundation is re-exported only through it, so they shadow Foundation's own).
@_exported import VirtualRunLoop

// The counters a simulator reports, under their docs/scenarios.md names.
@_exported import struct CollectionView.Counts
// The invalidation policies a collection view can follow (`UICollectionView.invalidationPolicy`).
@_exported import enum CollectionView.InvalidationPolicy
// How cells are prepared before they show (`UICollectionView.prefetchPolicy`).
@_exported import struct CollectionView.PrefetchPolicy
