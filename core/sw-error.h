/* sw-error.h: the SW_ERROR domain and library initialisation.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define SW_ERROR (sw_error_quark ())

typedef enum {
  SW_ERROR_IO,               /* a file could not be read or written */
  SW_ERROR_PARSE,            /* malformed JSON or a wrong value type */
  SW_ERROR_INVALID,          /* a value outside its valid range, a missing field */
  SW_ERROR_UNKNOWN_KIND,     /* a component kind the catalogue does not have */
  SW_ERROR_UNKNOWN_PARAMETER,/* a parameter, port, key or variable that does not exist */
  SW_ERROR_TOPOLOGY,         /* a dangling or wrongly typed connection, a duplicate id */
  SW_ERROR_CONTRADICTION,    /* constraints or initial values that contradict each other */
  SW_ERROR_SINGULAR,         /* a node or part that cannot be solved (no inertia, stiffness or damping) */
  SW_ERROR_NOT_CONVERGED,    /* the integrator or a Newton iteration failed */
  SW_ERROR_CANCELLED,
  SW_ERROR_TOO_LARGE,        /* a run or an analysis needing more memory or events than it may use */
  SW_ERROR_NOT_FINITE        /* a result that overflowed to infinity or became NaN */
} SwErrorCode;

GQuark sw_error_quark (void);

/* Call once before using the library: turns GSL's abort-on-error off. Idempotent. */
void   sw_init (void);
/* Call first in a program's main, before any thread starts: sw_init(), and
 * OpenBLAS kept to one thread unless the user chose its threads. */
void   sw_init_program (void);

/* The edits (insert, delete, replace; ASCII case ignored) from a to b:
 * how close a misspelt name is to a valid one, for messages. */
guint  sw_edit_distance (const char *a, const char *b);

G_END_DECLS
