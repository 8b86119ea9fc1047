import ArgumentParser
import Foundation
import OptaStore

/// `opta view`'s run store options: where the store is, and `--no-record`.
struct ViewStoreOptions: ParsableArguments {
    @OptionGroup var store: StoreOptions

    /// The store file these options name.
    var path: String { store.path }
}
