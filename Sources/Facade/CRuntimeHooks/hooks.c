// The Swift concurrency runtime's hooks are function pointers with the Swift calling convention,
// written here in C: the Swift compiler cannot yet lower thin Swift closures of these types when
// optimising. Each hook asks a C function the Swift side registered, then defers to the runtime.
#include "CRuntimeHooks.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>

#define SWIFT_CC __attribute__((swiftcall))

typedef SWIFT_CC void (*EnqueueOriginal)(void *job);
typedef SWIFT_CC void (*EnqueueHook)(void *job, EnqueueOriginal original);
typedef SWIFT_CC ScrollsimExecutorRef (*MainExecutorOriginal)(void);
typedef SWIFT_CC ScrollsimExecutorRef (*MainExecutorHook)(MainExecutorOriginal original);

// Written once before the hooks are installed, read by the hooks on any thread.
static _Atomic(ScrollsimTakeGlobalJob) takeGlobalJob;
static _Atomic(ScrollsimMainExecutor) mainExecutor;

static SWIFT_CC void enqueueGlobal(void *job, EnqueueOriginal original) {
    ScrollsimTakeGlobalJob take = atomic_load_explicit(&takeGlobalJob, memory_order_acquire);
    if (take != NULL && take(job)) return;
    original(job);
}

static SWIFT_CC ScrollsimExecutorRef getMainExecutor(MainExecutorOriginal original) {
    ScrollsimMainExecutor main = atomic_load_explicit(&mainExecutor, memory_order_acquire);
    ScrollsimExecutorRef executor;
    if (main != NULL && main(&executor)) return executor;
    return original();
}

bool scrollsim_install_concurrency_hooks(ScrollsimTakeGlobalJob takeGlobal, ScrollsimMainExecutor main) {
    void *runtime = dlopen(NULL, RTLD_NOW);
    if (runtime == NULL) return false;
    EnqueueHook *enqueueHook = (EnqueueHook *)dlsym(runtime, "swift_task_enqueueGlobal_hook");
    MainExecutorHook *mainHook = (MainExecutorHook *)dlsym(runtime, "swift_task_getMainExecutor_hook");
    if (enqueueHook == NULL || mainHook == NULL) return false;
    atomic_store_explicit(&takeGlobalJob, takeGlobal, memory_order_release);
    atomic_store_explicit(&mainExecutor, main, memory_order_release);
    *enqueueHook = enqueueGlobal;
    *mainHook = getMainExecutor;
    return true;
}
