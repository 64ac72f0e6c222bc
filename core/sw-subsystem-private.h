/* sw-subsystem-private.h: models used as components (sw-subsystem.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-model.h"

G_BEGIN_DECLS

/* The kind of the subsystem in the .shaft file path (absolute, or relative
 * to the working folder), loaded once; NULL with an error saying what is
 * wrong in the file or its "interface". */
const SwKind *_sw_subsystem_load        (const char  *path,
                                         GError     **error);
gboolean      _sw_kind_is_subsystem     (const SwKind *kind);
gboolean      _sw_model_has_subsystems  (SwModel     *model);
/* The model with every subsystem's components copied in (ids prefixed
 * "engine1.flywheel"), their parameters set and connections moved to the
 * inner ports; a new model. */
SwModel      *_sw_subsystem_flatten     (SwModel     *model,
                                         GError     **error);

G_END_DECLS
