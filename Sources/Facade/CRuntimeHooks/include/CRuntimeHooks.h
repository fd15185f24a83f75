#ifndef SCROLLSIM_CRUNTIMEHOOKS_H
#define SCROLLSIM_CRUNTIMEHOOKS_H

#include <stdbool.h>

/// A serial executor as the Swift runtime passes it: its identity and its witness table.
typedef struct {
    const void *identity;
    const void *implementation;
} ScrollsimExecutorRef;

/// Takes a job the runtime is about to send to the global executor; false leaves it to the runtime.
typedef bool (*ScrollsimTakeGlobalJob)(void *job);
/// Fills in the main executor to use now; false leaves the runtime's own.
typedef bool (*ScrollsimMainExecutor)(ScrollsimExecutorRef *executor);

/// Installs the concurrency runtime's enqueue-global and main-executor hooks, which ask the two
/// functions first. Returns false when the runtime has no such hooks. Call once.
bool scrollsim_install_concurrency_hooks(ScrollsimTakeGlobalJob takeGlobal, ScrollsimMainExecutor mainExecutor);

#endif
