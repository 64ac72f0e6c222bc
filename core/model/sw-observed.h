/* sw-observed.h: a model's observed variables, formulas over its result
 * variables written as output columns ("observed" in a .shaft file:
 * PowerLoss = "gear.flange_a.tau*gear.flange_a.w + ..."), and the small
 * compiler that turns one into a flat postfix program.
 *
 * The grammar: numbers, result variables ("id.var", dotted), + - * / ^
 * (^ above a sign: -x^2 = -(x^2); grouped from the left), parentheses and
 * the functions of _sw_observed_functions (min and max take two
 * arguments). At most SW_OBSERVED_MAX_DEPTH nested operands and
 * SW_OBSERVED_MAX_OPS instructions: evaluation uses a fixed stack on the
 * caller's and never allocates.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define SW_OBSERVED_MAX_DEPTH 48
#define SW_OBSERVED_MAX_OPS   4096

/* One entry of a model's "observed": its name, its formula's text, its
 * unit ("" when not given) and the line of the file it was read from (0:
 * not read from a file). */
typedef struct {
  char *name;
  char *expression;
  char *unit;
  guint line;
} SwObservedEntry;

void sw_observed_entry_clear (SwObservedEntry *entry);

/* The functions a formula may call, NULL-terminated. */
extern const char *const _sw_observed_functions[];

typedef struct _SwObservedProgram SwObservedProgram;

/* The program of text; the variables it reads (char *, each once, in the
 * order first read) appended to inputs, whose indices the program uses.
 * NULL with a message saying what is wrong and what is valid, and
 * *position (may be NULL) the 1-based character where. */
SwObservedProgram *_sw_observed_compile      (const char              *text,
                                              GPtrArray               *inputs,
                                              guint                   *position,
                                              GError                 **error);
void               _sw_observed_program_free (SwObservedProgram       *program);
/* Its value at inputs (one per variable of _sw_observed_compile()). */
double             _sw_observed_eval         (const SwObservedProgram *program,
                                              const double            *inputs);
/* A valid observed name: a letter or '_', then letters, digits or '_';
 * or several such joined by dots, a Modelica model's own dotted name
 * ("heatCapacitor.T") that no component here holds. */
gboolean           _sw_observed_name_valid   (const char              *name);
/* A valid unit: "" or at most SW_OBSERVED_MAX_UNIT characters of Modelica's
 * unit expressions ("W", "N.m", "rad/s", "m/s2", "1"). */
#define SW_OBSERVED_MAX_UNIT 32
gboolean           _sw_observed_unit_valid   (const char              *unit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwObservedProgram, _sw_observed_program_free)

G_END_DECLS
