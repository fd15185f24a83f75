// UIKit re-exports Foundation: code written for iOS uses CGFloat, CGRect, CGSize, CGPoint,
// IndexPath and NSCoder without importing it, so this module does too.
@_exported import Foundation

// The counters a simulator reports, under their docs/scenarios.md names.
@_exported import struct CollectionView.Counts
// The invalidation policies a collection view can follow (`UICollectionView.invalidationPolicy`).
@_exported import enum CollectionView.InvalidationPolicy
// How cells are prepared before they show (`UICollectionView.prefetchPolicy`).
@_exported import struct CollectionView.PrefetchPolicy
