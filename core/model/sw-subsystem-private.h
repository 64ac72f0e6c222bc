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
/* TRUE when a file the subsystem kind was read from (its own or one it
 * uses) has changed since. */
gboolean      _sw_subsystem_is_stale    (const SwKind *kind);
/* The files the subsystem kind was read from (its own, unless it is an
 * inline definition, and those of the subsystems inside it) added to order
 * (absolute paths, each once); seen: the kinds visited (a pointer set). */
void          _sw_subsystem_collect_files (const SwKind *kind,
                                           GHashTable   *seen,
                                           GPtrArray    *order);
/* The most components a model may hold once its subsystems are expanded
 * (flattened before assembly): a few levels of many uses multiply. */
#define SW_SUBSYSTEM_MAX_FLAT 2000000u
/* The components a component of this kind becomes when flattened: a
 * subsystem's, with its subsystems' counted in each use; 1 for others. */
guint64       _sw_subsystem_flat_size   (const SwKind *kind);
/* The model inside a subsystem kind, or NULL for other kinds. */
SwModel      *_sw_subsystem_get_inner   (const SwKind *kind);
/* The inner "component.port" a subsystem's port is, or NULL. */
const char   *_sw_subsystem_get_port_target (const SwKind *kind,
                                             guint         port);

/* The inline definitions of one file ("subsystems"): their texts, with
 * the file's lines and columns, read when a component names one. */
typedef struct _SwInlineScope SwInlineScope;
SwInlineScope *_sw_inline_scope_new     (const char    *file,
                                         const char    *folder,
                                         const char    *key);
/* Takes text, which begins at line and column of the file. */
void          _sw_inline_scope_add      (SwInlineScope *scope,
                                         const char    *name,
                                         char          *text,
                                         guint          line,
                                         guint          column);
void          _sw_inline_scope_free     (SwInlineScope *scope);
const char   *_sw_inline_scope_get_file (SwInlineScope *scope);
const char   *_sw_inline_scope_get_folder (SwInlineScope *scope);
/* The kind of the definition called name, loaded once; NULL without an
 * error when there is none of that name. */
const SwKind *_sw_subsystem_load_inline (SwInlineScope *scope,
                                         const char    *name,
                                         GError       **error);
/* Reads a definition's text, which begins at line and column of the
 * scope's file (sw-model-file.c). */
SwModel      *_sw_model_read_definition (const char    *text,
                                         guint          line,
                                         guint          column,
                                         SwInlineScope *scope,
                                         GError       **error);
gboolean      _sw_model_has_subsystems  (SwModel     *model);
/* The model with every subsystem's components copied in (ids prefixed
 * "engine1.flywheel"), their parameters set and connections moved to the
 * inner ports; a new model. */
SwModel      *_sw_subsystem_flatten     (SwModel     *model,
                                         GError     **error);

G_END_DECLS
