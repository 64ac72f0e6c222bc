/* sw-system.h: an assembled model, ready to solve.
 *
 * sw_model_assemble() takes an immutable snapshot of a model: nodes, the
 * independent coordinates left after eliminating every ideal constraint,
 * masses, force elements, and the blocks the solver factors. A SwSystem is
 * reference counted and never changes, so worker threads may share it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-model.h"
#include "sw-part.h"

G_BEGIN_DECLS

typedef struct _SwSystem SwSystem;

/* Messages start with "FILE:LINE:COL: error: " of the component involved. */
SwSystem     *sw_model_assemble             (SwModel        *model,
                                             GError        **error);
/* The same, and the model gives up its components and connections as soon
 * as the parts and nodes are made of them (a model of 200 000 components:
 * 70 MB, freed before the assembly's own peak): for a program that reads
 * a model only to assemble it. The model is left without components and
 * connections whatever the result; its name, settings and observed
 * variables stay. */
SwSystem     *sw_model_assemble_emptying    (SwModel        *model,
                                             GError        **error);
SwSystem     *sw_system_ref                 (SwSystem       *system);
void          sw_system_unref               (SwSystem       *system);

const char   *sw_system_get_name            (const SwSystem *system);
guint         sw_system_get_n_parts         (const SwSystem *system);
/* Parts are in the order of their ids; index is a part's index. */
const SwPart *sw_system_get_part            (const SwSystem *system,
                                             guint           index);
/* The part of the model's k-th component (the file's order, for lists). */
const SwPart *sw_system_get_model_part      (const SwSystem *system,
                                             guint           k);
guint         sw_system_get_n_nodes         (const SwSystem *system);
/* Independent coordinates with inertia: the mechanical degrees of freedom. */
guint         sw_system_get_n_dofs          (const SwSystem *system);
/* Independent coordinates without inertia (first-order or algebraic). */
guint         sw_system_get_n_massless      (const SwSystem *system);
guint         sw_system_get_n_states        (const SwSystem *system);
const SwSimulationSettings *sw_system_get_settings (const SwSystem *system);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwSystem, sw_system_unref)

G_END_DECLS
