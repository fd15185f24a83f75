// A file that imports Combine (a view model, a store) also sees what the simulator's clock needs
// it to see: the dispatch, sleep and timer declarations that run app work on that clock, and
// `URLSession` (which Linux's Foundation keeps in a module iOS code never imports).
@_exported import VirtualRunLoop
