/* sw-subsystem.c: a model used as a component.
 *
 * A subsystem is a .shaft file whose top-level "interface" gives some
 * inner ports an outer name ("flange": "flywheel.flange_b") and some inner
 * parameters an outer one ("J_fly": {"to": ["flywheel.J"], "default": …}).
 * Loaded, it becomes a kind of its own (kind name "subsystem"): a component
 * of it has those ports and parameters, and is drawn, connected and
 * edited like any other. Before assembly the model is flattened: each
 * subsystem's components are copied in with ids prefixed by its own
 * ("engine1.flywheel"), its parameters set where they point, and the
 * connections to its ports moved to the inner ports. So the engine, modes,
 * responses and Campbell diagrams see one plain model, and variables and
 * errors name the path (engine1.flywheel.w).
 *
 * A definition is a reference-counted kind: each component of it holds one
 * reference (sw_kind_ref), so do the canvas, the variables list and the
 * palette while they show it, and it is freed with the last. A file's is
 * also held by the cache, loaded once per file for the process; an inline
 * definition's is held by the scope of the read that made it and found in
 * the cache only while something holds it, so an edited definition's old
 * kind goes with the last model that used it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-subsystem-private.h"
#include "sw-model-private.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"

/* Nesting deeper than this is refused (a file that uses itself is caught
 * earlier, by name). */
#define MAX_DEPTH 16

typedef struct {
  SwKind       kind;           /* first: a component's kind points here */
  int          ref_count;      /* changed under the lock when it may reach 0 */
  char        *path;           /* the file, absolute; an inline definition: its cache key */
  char        *definition;     /* an inline definition: its name; else NULL */
  guint64      mtime;          /* a file's, when it was read (a change reads it anew) */
  goffset      size;
  guint64      unsaved;        /* the serial of the unsaved text it was read from; 0: the file */
  SwModel     *inner;
  char       **port_targets;   /* per port: "component.port" inside */
  GPtrArray  **param_targets;  /* per parameter: "component.param" strings inside */
  guint64      n_flat;         /* components once flattened (those of its subsystems counted in each use) */
  guint        depth;          /* levels of subsystems in it, itself included (1: none inside) */
} SwSubsystem;

static GHashTable *definitions;   /* path -> SwSubsystem */
static GPtrArray *loading;        /* paths being loaded: a file may not use itself */
/* path -> nothing: files that failed while the outermost one loads, not
 * read again in it (twenty levels of two uses each were read a million
 * times, their errors nested into a message of as many lines: hos26).
 * Emptied as the outermost load ends; one thread's, as loading. */
static GHashTable *failed_in_load;
G_LOCK_DEFINE_STATIC (definitions);

/* A file's text as edited and not yet saved (sw_kind_set_subsystem_unsaved):
 * path -> Unsaved. Each text set has a serial of its own, so a definition
 * read from another (or from the file) is stale. */
typedef struct {
  char    *text;
  guint64  serial;
} Unsaved;

static GHashTable *unsaved_texts;
static guint64 unsaved_serial;
G_LOCK_DEFINE_STATIC (unsaved_texts);

static void
unsaved_free (gpointer data)
{
  Unsaved *u = data;

  g_free (u->text);
  g_free (u);
}

/* The unsaved text of path (a copy) and its serial; NULL and 0: none. */
static char *
dup_unsaved (const char *path, guint64 *serial)
{
  Unsaved *u;
  char *text = NULL;

  *serial = 0;
  G_LOCK (unsaved_texts);
  u = unsaved_texts != NULL ? g_hash_table_lookup (unsaved_texts, path) : NULL;
  if (u != NULL)
    {
      text = g_strdup (u->text);
      *serial = u->serial;
    }
  G_UNLOCK (unsaved_texts);
  return text;
}

static guint64
unsaved_serial_of (const char *path)
{
  Unsaved *u;
  guint64 serial;

  G_LOCK (unsaved_texts);
  u = unsaved_texts != NULL ? g_hash_table_lookup (unsaved_texts, path) : NULL;
  serial = u != NULL ? u->serial : 0;
  G_UNLOCK (unsaved_texts);
  return serial;
}

void
sw_kind_set_subsystem_unsaved (const char *path,
                               const char *text)
{
  g_autofree char *absolute = NULL;

  g_return_if_fail (path != NULL);

  absolute = g_canonicalize_filename (path, NULL);
  G_LOCK (unsaved_texts);
  if (unsaved_texts == NULL)
    unsaved_texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, unsaved_free);
  if (text == NULL)
    g_hash_table_remove (unsaved_texts, absolute);
  else
    {
      Unsaved *u = g_new (Unsaved, 1);

      u->text = g_strdup (text);
      u->serial = ++unsaved_serial;
      g_hash_table_insert (unsaved_texts, g_steal_pointer (&absolute), u);
    }
  G_UNLOCK (unsaved_texts);
}

gboolean
_sw_kind_is_subsystem (const SwKind *kind)
{
  return kind != NULL && strcmp (kind->name, "subsystem") == 0;
}

static void def_free (SwSubsystem *def);

const SwKind *
sw_kind_ref (const SwKind *kind)
{
  g_return_val_if_fail (kind != NULL, NULL);

  if (_sw_kind_is_subsystem (kind))
    {
      SwSubsystem *def = (SwSubsystem *) kind;

      g_return_val_if_fail (g_atomic_int_get (&def->ref_count) > 0, kind);
      g_atomic_int_inc (&def->ref_count);
    }
  return kind;
}

void
sw_kind_unref (const SwKind *kind)
{
  SwSubsystem *def = (SwSubsystem *) kind;
  gboolean last;

  g_return_if_fail (kind != NULL);

  if (!_sw_kind_is_subsystem (kind))
    return;
  g_return_if_fail (g_atomic_int_get (&def->ref_count) > 0);
  /* Under the lock: a lookup must not find it between its last reference
   * and its removal from the cache. */
  G_LOCK (definitions);
  last = g_atomic_int_dec_and_test (&def->ref_count);
  if (last && definitions != NULL && def->path != NULL && g_hash_table_lookup (definitions, def->path) == def)
    g_hash_table_remove (definitions, def->path);
  G_UNLOCK (definitions);
  /* Outside the lock: its inner model lets go of the kinds it uses. */
  if (last)
    def_free (def);
}

/* ---- Loading ------------------------------------------------------------ */

static void
def_free (SwSubsystem *def)
{
  g_free ((gpointer) def->kind.ports);
  g_free ((gpointer) def->kind.params);
  g_strfreev (def->port_targets);
  for (guint k = 0; def->param_targets != NULL && def->param_targets[k] != NULL; k++)
    g_ptr_array_unref (def->param_targets[k]);
  g_free (def->param_targets);
  g_clear_object (&def->inner);
  g_free (def->path);
  g_free (def->definition);
  g_free (def);
}

static gboolean
interface_ports (SwSubsystem *def, JsonObject *ports, GError **error)
{
  g_autoptr (GList) names = json_object_get_members (ports);
  SwPortDesc *descs;
  guint n = 0;

  /* A kind's ports are few (drawn around one symbol, indexed in fixed
   * arrays). */
  if (g_list_length (names) > SW_KIND_MAX_PORTS)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_TOO_LARGE, _("%u ports; a subsystem has at most %d"),
                   g_list_length (names), SW_KIND_MAX_PORTS);
      return FALSE;
    }
  descs = g_new0 (SwPortDesc, MAX (g_list_length (names), 1));

  def->port_targets = g_new0 (char *, g_list_length (names) + 1);
  def->kind.ports = descs;
  for (GList *l = names; l != NULL; l = l->next, n++)
    {
      const char *name = l->data, *target = json_node_get_string (json_object_get_member (ports, name));
      guint component, port;
      g_autoptr (GError) local = NULL;

      if (target == NULL || !_sw_model_resolve_port (def->inner, target, &component, &port, &local))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_TOPOLOGY, _("port “%s”: %s"), name,
                       target == NULL ? _("give the inner port it is, as “component.port”") : local->message);
          return FALSE;
        }
      descs[n] = sw_model_get_component (def->inner, component)->kind->ports[port];
      descs[n].name = g_intern_string (name);
      def->port_targets[n] = g_strdup (target);
    }
  def->kind.n_ports = n;
  return TRUE;
}

static gboolean
interface_params (SwSubsystem *def, JsonObject *params, GError **error)
{
  g_autoptr (GList) names = json_object_get_members (params);
  SwParamDesc *descs = g_new0 (SwParamDesc, MAX (g_list_length (names), 1));
  guint n = 0;

  if (g_list_length (names) > SW_KIND_MAX_PARAMS)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("at most %d parameters"), SW_KIND_MAX_PARAMS);
      return FALSE;
    }
  /* NULL-terminated, for def_free. */
  def->param_targets = g_new0 (GPtrArray *, g_list_length (names) + 1);
  def->kind.params = descs;
  for (GList *l = names; l != NULL; l = l->next, n++)
    {
      const char *name = l->data;
      JsonNode *node = json_object_get_member (params, name);
      JsonObject *p = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonArray *to = p != NULL && json_object_has_member (p, "to") ? json_object_get_array_member (p, "to") : NULL;
      const SwParamDesc *first = NULL;

      if (to == NULL || json_array_get_length (to) == 0)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("parameter “%s”: give the inner parameters it sets, as \"to\": [\"component.param\", …]"),
                       name);
          return FALSE;
        }
      def->param_targets[n] = g_ptr_array_new_with_free_func (g_free);
      for (guint k = 0; k < json_array_get_length (to); k++)
        {
          const char *target = json_array_get_string_element (to, k), *dot = target ? strrchr (target, '.') : NULL;
          g_autofree char *id = dot != NULL ? g_strndup (target, dot - target) : NULL;
          int c = id != NULL ? sw_model_find_component (def->inner, id) : -1;
          int q = c >= 0 ? sw_kind_find_param (sw_model_get_component (def->inner, c)->kind, dot + 1) : -1;
          const SwComponent *comp = c >= 0 ? sw_model_get_component (def->inner, c) : NULL;

          if (q < 0 || !(comp->kind->params[q].type == SW_PARAM_REAL || comp->kind->params[q].type == SW_PARAM_INITIAL
                         || comp->kind->params[q].type == SW_PARAM_SIGNAL))
            {
              g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                           _("parameter “%s”: “%s” is not a number parameter of a component inside"), name,
                           target != NULL ? target : "?");
              return FALSE;
            }
          /* One outer parameter per inner one: with two, which would hold? */
          for (guint m = 0; m <= n; m++)
            for (guint j = 0; def->param_targets[m] != NULL && j < def->param_targets[m]->len; j++)
              if (strcmp (g_ptr_array_index (def->param_targets[m], j), target) == 0)
                {
                  g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                               m == n ? _("parameter “%s”: “%s” is named twice in its \"to\"")
                                      : _("parameters “%s” and “%s” both set “%s”; give each inner parameter one "
                                          "outer parameter"),
                               m == n ? name : descs[m].name, m == n ? target : name, target);
                  return FALSE;
                }
          if (first == NULL)
            {
              first = &comp->kind->params[q];
              descs[n] = *first;
              descs[n].name = g_intern_string (name);
              descs[n].type = first->type == SW_PARAM_INITIAL ? SW_PARAM_INITIAL : SW_PARAM_REAL;
              /* The default: given, else the inner value. */
              descs[n].default_value = comp->param[q];
              if (json_object_has_member (p, "default"))
                {
                  JsonNode *given = json_object_get_member (p, "default");
                  GType type = JSON_NODE_HOLDS_VALUE (given) ? json_node_get_value_type (given) : G_TYPE_INVALID;

                  if (type != G_TYPE_DOUBLE && type != G_TYPE_INT64)
                    {
                      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                                   _("parameter “%s”: \"default\" must be a number"), name);
                      return FALSE;
                    }
                  descs[n].default_value = json_node_get_double (given);
                }
              if (json_object_has_member (p, "label"))
                descs[n].label = g_intern_string (json_object_get_string_member (p, "label"));
            }
          /* The default goes to every inner parameter: valid for each. */
          if (json_object_has_member (p, "default") && !isnan (descs[n].default_value))
            {
              g_autofree char *who = g_strdup_printf (_("parameter “%s”: its default, given to “%s”"), name, target);
              g_autoptr (GError) range = NULL;

              if (!_sw_check_param (who, comp->kind, q, descs[n].default_value, &range))
                {
                  g_propagate_error (error, g_steal_pointer (&range));
                  return FALSE;
                }
            }
          g_ptr_array_add (def->param_targets[n], g_strdup (target));
        }
    }
  def->kind.n_params = n;
  return TRUE;
}

/* The definition of the subsystem inner, named display in messages. */
static SwSubsystem *
define (SwModel *inner, const char *display, const char *label, const char *help, GError **error)
{
  g_autoptr (GError) local = NULL;
  JsonNode *interface = inner->interface;
  SwSubsystem *def;
  JsonObject *object;

  if (interface == NULL || !JSON_NODE_HOLDS_OBJECT (interface))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("%s has no “interface”: a subsystem names its outer ports and parameters there"), display);
      g_object_unref (inner);
      return NULL;
    }
  object = json_node_get_object (interface);
  def = g_new0 (SwSubsystem, 1);
  def->ref_count = 1;
  def->inner = inner;
  /* Sizes multiply through the levels: ten uses a level, nine levels,
   * are a billion parts. Counted here (each definition once, its inner
   * definitions already counted), refused before anything is made. */
  def->depth = 1;
  for (guint i = 0; i < sw_model_get_n_components (inner); i++)
    {
      const SwKind *kind = sw_model_get_component (inner, i)->kind;

      def->n_flat += _sw_subsystem_flat_size (kind);
      if (_sw_kind_is_subsystem (kind))
        def->depth = MAX (def->depth, ((const SwSubsystem *) kind)->depth + 1);
    }
  /* Definitions of one file, each using the one before, are read one at
   * a time (never deeper than one while loading): their nesting is
   * counted here, so that it is refused where it is defined, not when the
   * model is flattened, without a place. */
  if (def->depth > MAX_DEPTH)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_TOO_LARGE, _("%s holds subsystems %u levels deep; at most %d"), display,
                   def->depth, MAX_DEPTH);
      def_free (def);
      return NULL;
    }
  if (def->n_flat > SW_SUBSYSTEM_MAX_FLAT)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_TOO_LARGE,
                   _("%s holds more than %u components once its subsystems are expanded (%" PRIu64 "); "
                     "at most %u"), display, SW_SUBSYSTEM_MAX_FLAT, def->n_flat, SW_SUBSYSTEM_MAX_FLAT);
      def_free (def);
      return NULL;
    }
  def->kind.name = "subsystem";
  def->kind.label = g_intern_string (label);
  def->kind.group = "Subsystems";
  def->kind.help = g_intern_string (help);
  if ((json_object_has_member (object, "ports")
       && !interface_ports (def, json_object_get_object_member (object, "ports"), &local))
      || (json_object_has_member (object, "parameters")
          && !interface_params (def, json_object_get_object_member (object, "parameters"), &local)))
    {
      g_set_error (error, SW_ERROR, local->code, _("%s: interface: %s"), display, local->message);
      def_free (def);
      return NULL;
    }
  return def;
}

/* FALSE (with the error) when key is being loaded already or the nesting
 * is too deep; else pushes it. */
static gboolean
push_loading (const char *key, const char *display, GError **error)
{
  for (guint k = 0; k < loading->len; k++)
    if (strcmp (g_ptr_array_index (loading, k), key) == 0)
      {
        g_set_error (error, SW_ERROR, SW_ERROR_TOPOLOGY, _("subsystem %s uses itself"), display);
        return FALSE;
      }
  if (loading->len >= MAX_DEPTH)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_TOO_LARGE, _("subsystems nest deeper than %d"), MAX_DEPTH);
      return FALSE;
    }
  g_ptr_array_add (loading, g_strdup (key));
  return TRUE;
}

/* The file's modification time and size now (0 when it cannot be read). */
static void
file_stamp (const char *path, guint64 *mtime, goffset *size)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                                                  G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                                  G_FILE_QUERY_INFO_NONE, NULL, NULL);

  *mtime = info != NULL ? g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
                          + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC)
                        : 0;
  *size = info != NULL ? g_file_info_get_size (info) : 0;
}

static SwSubsystem *
load (const char *path, GError **error)
{
  g_autofree char *display = g_filename_display_name (path);
  guint64 serial;
  g_autofree char *unsaved = dup_unsaved (path, &serial);
  SwSubsystem *def;
  SwModel *inner;

  /* A device or a FIFO is never a model (/dev/zero would never end). */
  if (unsaved == NULL && !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("%s is not a model file"), display);
      return NULL;
    }
  if (!push_loading (path, display, error))
    return NULL;
  if (unsaved != NULL)
    {
      g_autofree char *folder = g_path_get_dirname (path);

      inner = sw_model_new_from_data_in (unsaved, -1, display, folder, error);
    }
  else
    inner = sw_model_new_from_file (path, error);
  g_ptr_array_remove_index (loading, loading->len - 1);
  if (inner == NULL)
    return NULL;
  def = define (inner, display, sw_model_get_name (inner) != NULL ? sw_model_get_name (inner) : "Subsystem", display,
                error);
  if (def != NULL)
    {
      def->path = g_strdup (path);
      def->unsaved = serial;
      file_stamp (path, &def->mtime, &def->size);
    }
  return def;
}

/* The definition cached under key (a new reference), or NULL. */
static SwSubsystem *
lookup (const char *key)
{
  SwSubsystem *def;

  G_LOCK (definitions);
  if (definitions == NULL)
    {
      definitions = g_hash_table_new (g_str_hash, g_str_equal);
      loading = g_ptr_array_new_with_free_func (g_free);
    }
  def = g_hash_table_lookup (definitions, key);
  if (def != NULL)
    g_atomic_int_inc (&def->ref_count);
  G_UNLOCK (definitions);
  return def;
}

/* def (a new definition, its reference taken), or the one another thread
 * cached first under its key (a new reference); stale: the definition def
 * replaces (a file read again, or one it uses), left to the models that
 * use it. A file's definition is held by the cache as well (a reference
 * of its own); an inline one only by its holders. */
static SwSubsystem *
remember (SwSubsystem *def, SwSubsystem *stale)
{
  SwSubsystem *first, *dropped = NULL;

  G_LOCK (definitions);
  first = g_hash_table_lookup (definitions, def->path);
  if (first == stale && stale != NULL)
    {
      g_hash_table_steal (definitions, stale->path);
      if (stale->definition == NULL)
        dropped = stale;
      first = NULL;
    }
  if (first == NULL)
    {
      g_hash_table_insert (definitions, def->path, def);
      if (def->definition == NULL)
        g_atomic_int_inc (&def->ref_count);
    }
  else
    g_atomic_int_inc (&first->ref_count);
  G_UNLOCK (definitions);
  if (dropped != NULL)
    sw_kind_unref (&dropped->kind);
  if (first == NULL)
    return def;
  sw_kind_unref (&def->kind);
  return first;
}

const SwKind *
_sw_subsystem_load (const char *path, GError **error)
{
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  SwSubsystem *def = lookup (absolute), *stale = NULL;

  /* A file changed since it was read (edited in another window) is read
   * anew; so is a definition that uses it (its inner model's kinds). */
  if (def != NULL && !_sw_subsystem_is_stale (&def->kind))
    {
      /* Borrowed: the cache holds a file's definition. */
      sw_kind_unref (&def->kind);
      return &def->kind;
    }
  stale = def;
  if (failed_in_load != NULL && g_hash_table_contains (failed_in_load, absolute))
    {
      g_autofree char *display = g_filename_display_name (absolute);

      if (stale != NULL)
        sw_kind_unref (&stale->kind);
      g_set_error (error, SW_ERROR, SW_ERROR_IO, _("%s could not be read, as said above"), display);
      return NULL;
    }
  /* Loading reads nested subsystems: not under the lock (the stack of
   * files being loaded is one thread's; files are loaded on one). */
  def = load (absolute, error);
  if (loading->len == 0)
    g_clear_pointer (&failed_in_load, g_hash_table_unref);
  else if (def == NULL)
    {
      if (failed_in_load == NULL)
        failed_in_load = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_hash_table_add (failed_in_load, g_strdup (absolute));
    }
  if (def != NULL)
    {
      def = remember (def, stale);
      sw_kind_unref (&def->kind);
    }
  if (stale != NULL)
    sw_kind_unref (&stale->kind);
  return def != NULL ? &def->kind : NULL;
}

SwModel *
_sw_subsystem_get_inner (const SwKind *kind)
{
  return _sw_kind_is_subsystem (kind) ? ((const SwSubsystem *) kind)->inner : NULL;
}

void
_sw_subsystem_collect_files (const SwKind *kind, GHashTable *seen, GPtrArray *order)
{
  const SwSubsystem *def = (const SwSubsystem *) kind;

  /* Each definition once, however often it is used (ten instances a
   * level, nine levels deep, are a billion uses). */
  if (!_sw_kind_is_subsystem (kind) || !g_hash_table_add (seen, (gpointer) kind))
    return;
  if (def->definition == NULL && !g_ptr_array_find_with_equal_func (order, def->path, g_str_equal, NULL))
    g_ptr_array_add (order, g_strdup (def->path));
  for (guint i = 0; i < sw_model_get_n_components (def->inner); i++)
    _sw_subsystem_collect_files (sw_model_get_component (def->inner, i)->kind, seen, order);
}

guint64
_sw_subsystem_flat_size (const SwKind *kind)
{
  return _sw_kind_is_subsystem (kind) ? ((const SwSubsystem *) kind)->n_flat : 1;
}

gboolean
_sw_subsystem_is_stale (const SwKind *kind)
{
  const SwSubsystem *def = (const SwSubsystem *) kind;
  guint64 mtime;
  goffset size;

  if (!_sw_kind_is_subsystem (kind))
    return FALSE;
  if (def->definition == NULL)
    {
      /* Read from a text not saved yet: stale when the text is another
       * one, or none (saved, or given up: the file says). */
      if (unsaved_serial_of (def->path) != def->unsaved)
        return TRUE;
      if (def->unsaved == 0)
        {
          file_stamp (def->path, &mtime, &size);
          if (mtime != def->mtime || size != def->size)
            return TRUE;
        }
    }
  for (guint i = 0; i < sw_model_get_n_components (def->inner); i++)
    if (_sw_subsystem_is_stale (sw_model_get_component (def->inner, i)->kind))
      return TRUE;
  return FALSE;
}

const char *
_sw_subsystem_get_port_target (const SwKind *kind, guint port)
{
  const SwSubsystem *def = (const SwSubsystem *) kind;

  return _sw_kind_is_subsystem (kind) && port < kind->n_ports ? def->port_targets[port] : NULL;
}

/* ---- Inline definitions ------------------------------------------------- */

struct _SwInlineScope {
  char       *file;
  char       *folder;
  char       *key;     /* the SHA-256 of the file's whole "subsystems" text */
  GHashTable *texts;   /* name -> InlineText */
  GHashTable *failed;  /* name -> GError: definitions that could not be read, not read again */
  GPtrArray  *kinds;   /* the definitions loaded, a reference each: held while the file is read */
};

/* A definition's text and where it begins in the file. */
typedef struct {
  char  *text;
  guint  line, column;
} InlineText;

static void
inline_text_free (gpointer data)
{
  InlineText *t = data;

  g_free (t->text);
  g_free (t);
}

SwInlineScope *
_sw_inline_scope_new (const char *file, const char *folder, const char *key)
{
  SwInlineScope *scope = g_new0 (SwInlineScope, 1);

  scope->file = g_strdup (file);
  scope->folder = g_strdup (folder);
  /* A digest of the whole "subsystems" text: every definition's cache key
   * holds it, and thousands of definitions each holding the text were
   * quadratic in the file's size. */
  scope->key = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);
  scope->texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, inline_text_free);
  scope->failed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_error_free);
  scope->kinds = g_ptr_array_new_with_free_func ((GDestroyNotify) sw_kind_unref);
  return scope;
}

void
_sw_inline_scope_add (SwInlineScope *scope, const char *name, char *text, guint line, guint column)
{
  InlineText *t = g_new (InlineText, 1);

  t->text = text;
  t->line = line;
  t->column = column;
  g_hash_table_insert (scope->texts, g_strdup (name), t);
}

void
_sw_inline_scope_free (SwInlineScope *scope)
{
  g_free (scope->file);
  g_free (scope->folder);
  g_free (scope->key);
  g_hash_table_unref (scope->texts);
  g_hash_table_unref (scope->failed);
  g_ptr_array_unref (scope->kinds);
  g_free (scope);
}

const char *
_sw_inline_scope_get_file (SwInlineScope *scope)
{
  return scope->file;
}

const char *
_sw_inline_scope_get_folder (SwInlineScope *scope)
{
  return scope->folder;
}

/* A new reference. Cached while held, keyed by the folder (its files'
 * names are relative to it) and the whole "subsystems" text (a definition
 * means what the ones it uses say), so an edited definition is a new kind. */
static const SwKind *
load_inline (SwInlineScope *scope, const char *name, GError **error)
{
  const InlineText *text = g_hash_table_lookup (scope->texts, name);
  g_autofree char *key = NULL, *loading_key = NULL, *display = NULL;
  SwSubsystem *def, *stale;
  SwModel *inner;

  if (text == NULL)
    return NULL;
  key = g_strdup_printf ("inline\n%s\n%s\n%s", scope->folder, name, scope->key);
  def = lookup (key);
  if (def != NULL && !_sw_subsystem_is_stale (&def->kind))
    return &def->kind;
  stale = def;
  display = g_strdup_printf ("“%s”", name);
  loading_key = g_strdup_printf ("inline:%s", name);
  if (!push_loading (loading_key, display, error))
    inner = NULL;
  else
    {
      inner = _sw_model_read_definition (text->text, text->line, text->column, scope, error);
      g_ptr_array_remove_index (loading, loading->len - 1);
    }
  def = inner != NULL ? define (inner, display, name, _("defined in the model"), error) : NULL;
  if (def != NULL)
    {
      def->path = g_steal_pointer (&key);
      def->definition = g_strdup (name);
      def = remember (def, stale);
    }
  if (stale != NULL)
    sw_kind_unref (&stale->kind);
  return def != NULL ? &def->kind : NULL;
}

/* A definition that could not be read fails again at once, naming it:
 * each of its uses read it anew before, and a bad definition used ten
 * times a level was read ten times more a level up (and its error
 * repeated in each). Its own error is reported once, at the definition. */
const SwKind *
_sw_subsystem_load_inline (SwInlineScope *scope, const char *name, GError **error)
{
  const GError *failed = g_hash_table_lookup (scope->failed, name);
  GError *local = NULL;
  const SwKind *kind;

  if (failed != NULL)
    {
      g_set_error (error, SW_ERROR, failed->code,
                   _("the definition “%s” cannot be used: its error is reported where it is defined"), name);
      return NULL;
    }
  kind = load_inline (scope, name, &local);
  /* Held by the scope while the file is read (its components take their
   * own): the definition may be used again in it. */
  if (kind != NULL)
    g_ptr_array_add (scope->kinds, (gpointer) kind);
  if (kind == NULL && local != NULL)
    {
      g_hash_table_insert (scope->failed, g_strdup (name), g_error_copy (local));
      g_propagate_error (error, local);
    }
  return kind;
}

/* ---- Flattening --------------------------------------------------------- */

static gboolean add_model (SwModel *flat, SwModel *src, const char *prefix, GHashTable *values, guint line,
                           guint column, guint depth, GError **error);

/* The flat "id.port" of port of component index of src (inside prefix),
 * through nested subsystems. */
static char *
flat_end (SwModel *src, guint index, guint port, const char *prefix)
{
  const SwComponent *c = sw_model_get_component (src, index);
  const SwSubsystem *def = (const SwSubsystem *) c->kind;
  g_autofree char *inner_prefix = NULL;
  guint ic, ip;

  if (!_sw_kind_is_subsystem (c->kind))
    return g_strdup_printf ("%s%s.%s", prefix, c->id, c->kind->ports[port].name);
  inner_prefix = g_strdup_printf ("%s%s.", prefix, c->id);
  if (!_sw_model_resolve_port (def->inner, def->port_targets[port], &ic, &ip, NULL))
    return NULL;
  return flat_end (def->inner, ic, ip, inner_prefix);
}

/* The inner values a subsystem component sets: "component.param" -> value. */
static GHashTable *
inner_values (const SwComponent *c, GHashTable *outer, const char *prefix)
{
  const SwSubsystem *def = (const SwSubsystem *) c->kind;
  GHashTable *values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint k = 0; k < c->kind->n_params; k++)
    {
      g_autofree char *key = g_strdup_printf ("%s%s.%s", prefix, c->id, c->kind->params[k].name);
      const double *over = outer != NULL ? g_hash_table_lookup (outer, key) : NULL;
      double value = over != NULL ? *over : c->param[k];

      /* An initial value the instance leaves unset takes the interface's
       * default (NaN when there is none: left to the connections). */
      if (isnan (value))
        value = c->kind->params[k].default_value;

      for (guint t = 0; t < def->param_targets[k]->len; t++)
        g_hash_table_insert (values, g_strdup (g_ptr_array_index (def->param_targets[k], t)),
                             g_memdup2 (&value, sizeof value));
    }
  return values;
}

static gboolean
add_model (SwModel *flat, SwModel *src, const char *prefix, GHashTable *values, guint line, guint column, guint depth,
           GError **error)
{
  if (depth > MAX_DEPTH)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_TOO_LARGE, _("subsystems nest deeper than %d"), MAX_DEPTH);
      return FALSE;
    }
  for (guint i = 0; i < sw_model_get_n_components (src); i++)
    {
      const SwComponent *c = sw_model_get_component (src, i);
      g_autofree char *id = g_strdup_printf ("%s%s", prefix, c->id);

      if (_sw_kind_is_subsystem (c->kind))
        {
          const SwSubsystem *def = (const SwSubsystem *) c->kind;
          g_autoptr (GHashTable) inner = inner_values (c, values, "");
          g_autofree char *inner_prefix = g_strdup_printf ("%s.", id);

          if (!add_model (flat, def->inner, inner_prefix, inner, line ? line : c->line, line ? column : c->column,
                          depth + 1, error))
            return FALSE;
          continue;
        }
      {
        SwComponent copy;

        _sw_component_copy (&copy, c);
        g_free (copy.id);
        copy.id = g_steal_pointer (&id);
        /* The sensors its signals read moved in with it. */
        for (guint k = 0; k < c->kind->n_params; k++)
          if (copy.signal[k] != NULL && sw_signal_get_n_inputs (copy.signal[k]) > 0)
            {
              SwSignal *moved = sw_signal_dup_prefixed (copy.signal[k], prefix);

              sw_signal_unref (copy.signal[k]);
              copy.signal[k] = moved;
            }
        /* Errors point at the outermost subsystem in the file. */
        if (line != 0)
          copy.line = line, copy.column = column;
        for (guint k = 0; values != NULL && k < c->kind->n_params; k++)
          {
            g_autofree char *key = g_strdup_printf ("%s.%s", c->id, c->kind->params[k].name);
            const double *value = g_hash_table_lookup (values, key);

            if (value != NULL)
              _sw_component_set_number (&copy, k, *value);
          }
        _sw_model_take_component (flat, &copy);
      }
    }
  for (guint k = 0; k < sw_model_get_n_connections (src); k++)
    {
      const SwConnection *w = sw_model_get_connection (src, k);
      g_autofree char *a = flat_end (src, w->from_component, w->from_port, prefix);
      g_autofree char *b = flat_end (src, w->to_component, w->to_port, prefix);
      const char *dot_a = a != NULL ? strrchr (a, '.') : NULL, *dot_b = b != NULL ? strrchr (b, '.') : NULL;
      g_autofree char *id_a = dot_a != NULL ? g_strndup (a, dot_a - a) : NULL;
      g_autofree char *id_b = dot_b != NULL ? g_strndup (b, dot_b - b) : NULL;
      int ca = id_a != NULL ? sw_model_find_component (flat, id_a) : -1;
      int cb = id_b != NULL ? sw_model_find_component (flat, id_b) : -1;
      SwConnection c = *w;

      if (ca < 0 || cb < 0)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_TOPOLOGY, _("the connection %s – %s leads nowhere inside"),
                       a != NULL ? a : "?", b != NULL ? b : "?");
          return FALSE;
        }
      c.from_component = (guint) ca;
      c.from_port = (guint) sw_kind_find_port (sw_model_get_component (flat, ca)->kind, dot_a + 1);
      c.to_component = (guint) cb;
      c.to_port = (guint) sw_kind_find_port (sw_model_get_component (flat, cb)->kind, dot_b + 1);
      _sw_model_take_connection (flat, &c, NULL);
    }
  return TRUE;
}

gboolean
_sw_model_has_subsystems (SwModel *model)
{
  for (guint i = 0; i < sw_model_get_n_components (model); i++)
    if (_sw_kind_is_subsystem (sw_model_get_component (model, i)->kind))
      return TRUE;
  return FALSE;
}

SwModel *
_sw_subsystem_flatten (SwModel *model, GError **error)
{
  g_autoptr (SwModel) flat = sw_model_new ();

  sw_model_set_name (flat, sw_model_get_name (model));
  _sw_model_set_display_name (flat, sw_model_get_display_name (model));
  sw_model_set_simulation (flat, sw_model_get_simulation (model));
  for (guint k = 0; k < sw_model_get_n_shared_signals (model); k++)
    _sw_model_add_shared_signal (flat, sw_model_get_shared_signal_name (model, k),
                                 sw_model_get_shared_signal (model, k));
  if (!add_model (flat, model, "", NULL, 0, 0, 0, error))
    return NULL;
  /* Observed variables name parts as the flat model does (INSTANCE.ID). */
  for (guint k = 0; k < model->observed->len; k++)
    {
      const SwObservedEntry *e = &g_array_index (model->observed, SwObservedEntry, k);
      SwObservedEntry copy = { g_strdup (e->name), g_strdup (e->expression), g_strdup (e->unit), e->line };

      g_array_append_val (flat->observed, copy);
    }
  return g_steal_pointer (&flat);
}
