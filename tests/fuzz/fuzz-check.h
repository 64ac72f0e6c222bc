/* fuzz-check.h: what both fuzz harnesses do on a failed check. Included by
 * each harness (run-fuzzers compiles one source a harness); FUZZ_NAME
 * names the harness in the message.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <glib.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* A failed check aborts (SIGABRT: libFuzzer keeps the input as a crash;
 * g_error() would raise SIGTRAP, which libFuzzer does not catch). */
#define fuzz_check(cond, what)                                      \
  G_STMT_START {                                                    \
    if (G_UNLIKELY (!(cond)))                                       \
      fuzz_fail ("%s: check failed: %s", what, #cond);              \
  } G_STMT_END

static void fuzz_fail (const char *format, ...) G_GNUC_NORETURN G_GNUC_PRINTF (1, 2);

static void
fuzz_fail (const char *format, ...)
{
  va_list args;

  va_start (args, format);
  fputs (FUZZ_NAME ": ", stderr);
  vfprintf (stderr, format, args);
  fputc ('\n', stderr);
  va_end (args);
  abort ();
}

/* Criticals and warnings are bugs on file input (house style: never abort
 * on user input; g_return_if_fail is for programmers): print and abort. */
static void
on_log (const char *domain, GLogLevelFlags level, const char *message, gpointer user_data)
{
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    fuzz_fail ("%s: %s", domain != NULL ? domain : "(no domain)", message);
  g_log_default_handler (domain, level, message, user_data);
}
