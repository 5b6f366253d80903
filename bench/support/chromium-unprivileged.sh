#!/bin/sh
# Chromium for the Lighthouse gate, started by root without CAP_SYS_NICE: it then cannot raise its
# browser, GPU and IO threads above the measured page's main thread (bench/support/lighthouse-host.ts,
# docs/decisions/014-lighthouse-gate.md).
exec setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice "${LIGHTHOUSE_CHROMIUM:?}" "$@"
