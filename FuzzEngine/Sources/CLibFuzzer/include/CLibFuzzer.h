// libFuzzer's entry for programs that keep their own `main` (llvm.org/docs/LibFuzzer.html,
// "Using libFuzzer as a library"). SwiftPM renames every executable's `main` on Linux, so the fuzz
// target keeps a Swift `main` and hands control to libFuzzer through this call.
#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
