/* sw-modelica-export-private.h: what the export of the components and
 * subsystems (sw-modelica-export.c) and of the signals as blocks
 * (sw-modelica-export-signals.c) share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-modelica-private.h"
#include <json-glib/json-glib.h>
#include "sw-model.h"

G_BEGIN_DECLS

/* One model class being written: the exported model, or a subsystem's
 * class nested in it. */
typedef struct {
  GString    *decl;      /* declarations */
  GString    *eq;        /* connect equations */
  GError     *error;
  GPtrArray  *defs;      /* Def: every subsystem, the ones used inside first */
  GHashTable *bound;     /* in a subsystem's class: "component.param" -> its parameter's name */
  GHashTable *exposed;   /* in a subsystem's class: "component.port" -> its connector's name */
  GHashTable *vectors;   /* blocks whose output is y[1] (CombiTimeTable), or NULL */
  GHashTable *renamed;   /* id -> its Modelica name, where the id is reserved in Modelica */
} Export;

/* The model's observed variables (sw-observed.h) as variables with a
 * binding, "Real PowerLoss = gear.flange_a.tau * der(gear.flange_a.phi)":
 * the import reads them back to the same formulas. */
void        _sw_mo_export_observed     (Export     *ex,
                                        SwModel    *model);

/* sw-modelica-export-signals.c: the signal node as blocks whose output
 * NAME.y (or NAME.y[1], see _sw_mo_export_output_of()) is the signal,
 * declared into ex->decl and wired in ex->eq; FALSE with ex->error set
 * for a signal no block writes. */
gboolean    _sw_mo_export_signal_block (Export     *ex,
                                        JsonNode   *node,
                                        const char *name);

/* The output connector of the signal block name: "y", or "y[1]" of a
 * block with a vector output. */
const char *_sw_mo_export_output_of    (Export     *ex,
                                        const char *name);

G_END_DECLS
