import Foundation
import Synchronization

import struct CollectionTypes.AnyIdentifier

/// The values of non-`Int` identifiers, interned: each distinct value held by some snapshot has
/// one serial number, counted by the arenas that hold it and forgotten when none does.
///
/// - Complexity: interning, looking up and reading a value are hash-table operations, under one
///   lock per batch.
final class IdentifierInterner: Sendable {
    static let shared = IdentifierInterner()

    private struct State: @unchecked Sendable {
        // Unchecked: the tables hold `Sendable` identifier values and are only touched under the
        // mutex.
        var kinds: [ObjectIdentifier: Int] = [:]
        var tables: [any InternTable] = []
    }

    private let state = Mutex(State())

    private func table<T: Hashable & Sendable>(_ type: T.Type, in state: inout State) -> (kind: Int, table: Table<T>) {
        if let kind = state.kinds[ObjectIdentifier(type)] { return (kind, state.tables[kind - 1] as! Table<T>) }
        let table = Table<T>()
        state.tables.append(table)
        state.kinds[ObjectIdentifier(type)] = state.tables.count
        return (state.tables.count, table)
    }

    /// Interns `values` and counts one more holder of each: their identifiers.
    func retain<T: Hashable & Sendable>(_ values: [T]) -> [AnyIdentifier] {
        state.withLock { state in
            let (kind, table) = table(T.self, in: &state)
            return values.map { AnyIdentifier(serial: table.retain($0), kind: kind) }
        }
    }

    /// Counts one more holder of each of `identifiers` (values interned already).
    func retain(existing identifiers: [AnyIdentifier]) {
        state.withLock { state in
            for id in identifiers where id.kind != 0 { state.tables[id.kind - 1].retain(serial: id.serial) }
        }
    }

    /// Counts one holder fewer of each of `identifiers`; a value nobody holds is forgotten.
    func release(_ identifiers: [AnyIdentifier]) {
        state.withLock { state in
            for id in identifiers where id.kind != 0 { state.tables[id.kind - 1].release(serial: id.serial) }
        }
    }

    /// The identifiers of `values` if interned; an identifier equal to none for the others.
    func lookup<T: Hashable & Sendable>(_ values: [T]) -> [AnyIdentifier] {
        state.withLock { state in
            let (kind, table) = table(T.self, in: &state)
            return values.map { AnyIdentifier(serial: table.serials[$0] ?? 0, kind: kind) }
        }
    }

    /// The values of `identifiers`, of type `T`.
    func values<T>(of identifiers: [AnyIdentifier]) -> [T] {
        state.withLock { state in
            identifiers.map { id in
                guard id.kind != 0, let value = state.tables[id.kind - 1].value(serial: id.serial) else {
                    fatalError(
                        "an identifier was read after every snapshot holding its value was released (a scrollsim bug: please report it)"
                    )
                }
                return value as! T
            }
        }
    }

    /// The value's description, or a placeholder once it is forgotten.
    func describe(_ identifier: AnyIdentifier, reflecting: Bool) -> String {
        state.withLock { state in
            guard let value = state.tables[identifier.kind - 1].value(serial: identifier.serial) else {
                return "<identifier \(identifier.serial), released>"
            }
            return reflecting ? String(reflecting: value) : String(describing: value)
        }
    }

    /// How many values of type `T` are interned (for tests).
    func count<T: Hashable & Sendable>(of type: T.Type) -> Int {
        state.withLock { state in state.kinds[ObjectIdentifier(type)].map { state.tables[$0 - 1].count } ?? 0 }
    }
}

/// One type's interned values.
private protocol InternTable: AnyObject {
    func retain(serial: Int)
    func release(serial: Int)
    func value(serial: Int) -> Any?
    var count: Int { get }
}

/// Serial 0 is never given: it is what a lookup of a value nobody holds answers.
private final class Table<T: Hashable & Sendable>: InternTable {
    var serials: [T: Int] = [:]
    var entries: [Int: (value: T, holders: Int)] = [:]
    var nextSerial = 1

    /// The value's serial, interned if new, with one more holder.
    func retain(_ value: T) -> Int {
        if let serial = serials[value] {
            entries[serial]!.holders += 1
            return serial
        }
        let serial = nextSerial
        nextSerial += 1
        serials[value] = serial
        entries[serial] = (value, 1)
        return serial
    }

    func retain(serial: Int) { entries[serial]?.holders += 1 }

    func release(serial: Int) {
        guard let entry = entries[serial] else { return }
        if entry.holders > 1 {
            entries[serial]!.holders -= 1
        } else {
            entries[serial] = nil
            serials[entry.value] = nil
        }
    }

    func value(serial: Int) -> Any? { entries[serial]?.value }

    var count: Int { entries.count }
}
