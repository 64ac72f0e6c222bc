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

/* The same for the model model_name of a file of several: a package of
 * examples as the Modelica Standard Library ships it, or models saved
 * together. It is named by its path in the file ("Examples.First"), its
 * full name ("Modelica.Mechanics.Rotational.Examples.First") or their
 * end from a dot ("First"); NULL takes the file's one model, or its one
 * example. An error lists the choices where the name is missing or
 * ambiguous. */
SwModel *sw_modelica_import_model (const char  *data,
                                   gssize       length,
                                   const char  *display_name,
                                   const char  *folder,
                                   const char  *model_name,
                                   GError     **error);

/* The same for a *.mo file (model_name as above, NULL for the one). */
SwModel *sw_modelica_import_file       (const char  *path,
                                        GError     **error);
SwModel *sw_modelica_import_file_model (const char  *path,
                                        const char  *model_name,
                                        GError     **error);

/* The models of a file that can be run, by their paths in it
 * (NULL-terminated; NULL where the file's classes cannot be followed). */
char   **sw_modelica_list_models (const char  *data,
                                  gssize       length);

/* Of MSL 4's package.mo of no model of its own, at path: its folder's
 * models, each a file NAME.mo beside it (package.order's names, else the
 * folder's files); NULL for any other file. */
char   **sw_modelica_list_folder_models (const char *path);

/* The model as Modelica text (sw-modelica-export.c), or NULL with an
 * error naming what has no Modelica form. */
char    *sw_modelica_export      (SwModel     *model,
                                  GError     **error);

/* Which Modelica class (and Modelica.Blocks block) is which kind (signal)
 * as a Markdown table, for FORMAT.md. */
char    *sw_modelica_classes_markdown (void);

G_END_DECLS
