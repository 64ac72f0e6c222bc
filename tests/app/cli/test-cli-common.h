/* test-cli-common.h: what the tests of shaftwork-cli (test-cli-*.c) share:
 * running it as a user runs it (English or German), its output and exit
 * status, temporary models.
 *
 * The test-cli-*.c programs run shaftwork-cli as a user runs it: output,
 * files, exit status.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdarg.h>

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

void
run_clear (Run *r);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* The environment of a run: English by default, whatever the caller's
 * locale (LC_ALL C.UTF-8: UTF-8 output, untranslated), or German. */
char **
run_environ (gboolean german);

void
cli_run (Run *r, gboolean german, va_list ap);

/* Runs the CLI with a NULL-terminated argument list, in English. */
void
cli (Run *r, ...);

/* The same with input on its standard input (a pipe, not a terminal). */
void
cli_with_input (Run *r, const char *input, ...) G_GNUC_NULL_TERMINATED;

char *
write_temp_model (const char *text);

G_END_DECLS
