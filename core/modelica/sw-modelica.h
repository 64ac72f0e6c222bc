/* sw-modelica.h: Modelica models in and out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-model.h"

G_BEGIN_DECLS

/* A Modelica model built from Modelica.Mechanics.Rotational,
 * Modelica.Mechanics.Translational and Modelica.Blocks.Sources as a
 * Shaftwork model (sw-modelica-import.c says what maps to what), or NULL
 * with an error "NAME:LINE:COL: error: ..." naming what is not supported.
 * display_name stands for the file in messages. */
SwModel *sw_modelica_import (const char  *data,
                             gssize       length,
                             const char  *display_name,
                             GError     **error);

/* The same, with table files (CombiTimeTable's fileName) found relative to
 * folder (NULL: relative to display_name). */
SwModel *sw_modelica_import_in   (const char  *data,
                                  gssize       length,
                                  const char  *display_name,
                                  const char  *folder,
                                  GError     **error);

/* The same for a *.mo file. */
SwModel *sw_modelica_import_file (const char  *path,
                                  GError     **error);

/* The model as Modelica text (sw-modelica-export.c), or NULL with an
 * error naming what has no Modelica form. */
char    *sw_modelica_export      (SwModel     *model,
                                  GError     **error);

/* Which Modelica class (and Modelica.Blocks block) is which kind (signal)
 * as a Markdown table, for FORMAT.md. */
char    *sw_modelica_classes_markdown (void);

G_END_DECLS
