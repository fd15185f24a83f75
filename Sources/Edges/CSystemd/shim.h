#ifndef CSYSTEMD_SHIM_H
#define CSYSTEMD_SHIM_H
#include <signal.h>
#include <sys/uio.h>
#include <syslog.h>
#include <systemd/sd-daemon.h>
#include <systemd/sd-event.h>
#include <systemd/sd-journal.h>
#endif
