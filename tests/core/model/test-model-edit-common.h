/* test-model-edit-common.h: what the model editing tests (test-model-edit-*.c)
 * share: new models, components added and connected, connections described,
 * chains.
 *
 * The test-model-edit-*.c programs test the model's editing API for the
 * schematic editor.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-test-model.h"

G_BEGIN_DECLS

#define HEADER "{\"format\": \"shaftwork-model\", \"version\": 1, "

/* Helpers */


/* A model and a counter of its "changed" emissions. */
SwModel *
new_model (guint *changed);

SwModel *
load (const char *text);


void
connect_ports (SwModel    *model,
               const char *from,
               const char *to);

const char *
component_id (SwModel *model,
              guint    index);

/* All connections, "|"-separated. */
char *
describe_connections (SwModel *model);

/* A chain a - b - c - d of inertias, with b also tied to ground. */
SwModel *
new_chain (guint *changed);

G_END_DECLS
