/* sw-modelica-package.c: a file of several classes (a package of
 * examples as the Modelica Standard Library ships it, MSL 3.2.3's whole
 * Rotational.mo, or a few models saved together) scanned for its classes,
 * and the model asked for parsed alone.
 *
 * The scan only finds where each class starts and ends: it reads
 * comments, strings, names and brackets, nothing else, so the classes
 * outside what the import supports (connectors, functions, records,
 * models with equations of their own) are passed over as text. The
 * model chosen is then parsed by sw-modelica-parse.c from where it
 * starts, within the packages around it and with their import clauses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-private.h"
#include "sw-modelica-parse-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"

typedef enum { S_END, S_IDENT, S_STRING, S_OTHER } ScanKind;

typedef struct {
  ScanKind    kind;
  const char *start;
  gsize       len;
  guint       line, column;
  const char *line_start;
} ScanTok;

typedef struct {
  const char *data, *p, *end;
  guint       line;
  const char *line_start;
} Scanner;

typedef struct {
  char      *path;        /* from the file's top: "Examples.First" */
  char      *kind;        /* "model", "package", "connector", … */
  gboolean   partial;
  gboolean   example;     /* extends Modelica.Icons.Example or has an experiment */
  gboolean   information; /* extends Modelica.Icons.Information: a User's Guide page */
  ScanTok    at;          /* its keyword */
  int        parent;      /* index of the class around it, or -1 */
  GPtrArray *imports;     /* ScanTok *: its import clauses' keywords */
} ScanClass;

static void
scan_class_free (ScanClass *c)
{
  g_free (c->path);
  g_free (c->kind);
  g_ptr_array_unref (c->imports);
  g_free (c);
}

static ScanTok
scan_next (Scanner *sc)
{
  ScanTok t = { S_END };

  while (sc->p < sc->end)
    {
      if (*sc->p == '\n')
        sc->line++, sc->line_start = ++sc->p;
      else if (g_ascii_isspace (*sc->p))
        sc->p++;
      else if (sc->p + 1 < sc->end && sc->p[0] == '/' && sc->p[1] == '/')
        while (sc->p < sc->end && *sc->p != '\n')
          sc->p++;
      else if (sc->p + 1 < sc->end && sc->p[0] == '/' && sc->p[1] == '*')
        {
          for (sc->p += 2; sc->p < sc->end && !(sc->p[0] == '*' && sc->p + 1 < sc->end && sc->p[1] == '/'); sc->p++)
            if (*sc->p == '\n')
              sc->line++, sc->line_start = sc->p + 1;
          sc->p = MIN (sc->p + 2, sc->end);
        }
      else
        break;
    }
  t.start = sc->p;
  t.line = sc->line;
  t.line_start = sc->line_start;
  t.column = (guint) (sc->p - sc->line_start) + 1;
  if (sc->p >= sc->end)
    return t;
  if (g_ascii_isalpha (*sc->p) || *sc->p == '_')
    {
      while (sc->p < sc->end && (g_ascii_isalnum (*sc->p) || *sc->p == '_'))
        sc->p++;
      t.kind = S_IDENT;
    }
  else if (*sc->p == '"' || *sc->p == '\'')
    {
      /* A string, or a quoted name ('a b'): passed over whole. */
      char quote = *sc->p;

      for (sc->p++; sc->p < sc->end && *sc->p != quote; sc->p++)
        if (*sc->p == '\\' && sc->p + 1 < sc->end)
          sc->p++;
        else if (*sc->p == '\n')
          sc->line++, sc->line_start = sc->p + 1;
      sc->p = MIN (sc->p + 1, sc->end);
      t.kind = quote == '"' ? S_STRING : S_IDENT;
    }
  else
    {
      sc->p++;
      t.kind = S_OTHER;
    }
  t.len = (gsize) (sc->p - t.start);
  return t;
}

static gboolean
tok_is (const ScanTok *t, const char *text)
{
  return t->kind != S_END && t->kind != S_STRING && t->len == strlen (text) && memcmp (t->start, text, t->len) == 0;
}

static gboolean
is_class_keyword (const ScanTok *t)
{
  static const char *const keywords[] = {
    "model", "block", "class", "package", "connector", "record", "function", "type", "operator", NULL,
  };

  for (guint k = 0; keywords[k] != NULL; k++)
    if (tok_is (t, keywords[k]))
      return TRUE;
  return FALSE;
}

/* The token after the current one, the scanner left where it was. */
static ScanTok
scan_peek (const Scanner *sc)
{
  Scanner copy = *sc;

  return scan_next (&copy);
}

static gboolean
opens (const ScanTok *t)
{
  return tok_is (t, "(") || tok_is (t, "{") || tok_is (t, "[");
}

static const char *
last_part (const char *path)
{
  const char *dot = strrchr (path, '.');

  return dot != NULL ? dot + 1 : path;
}

/* After "extends": the dotted name, for Modelica.Icons.Example and
 * Information. */
static void
extends_icon (Scanner *sc, ScanClass *cur)
{
  g_autoptr (GString) n = g_string_new (NULL);

  for (ScanTok t = scan_peek (sc); t.kind == S_IDENT || tok_is (&t, "."); t = scan_peek (sc))
    {
      g_string_append_len (n, t.start, (gssize) t.len);
      scan_next (sc);
    }
  cur->example = cur->example || g_str_has_suffix (n->str, "Icons.Example");
  cur->information = cur->information || g_str_has_suffix (n->str, "Icons.Information");
}

/* Every class defined in the file with a body, in order; NULL where the
 * scan finds no end of a class: an error of a package's here, a model's
 * left to the parser, which says what is wrong more closely. */
static GPtrArray *
scan (const char *data, gsize length, char **within, GError **error, const char *display_name)
{
  Scanner sc = { data, data, data + length, 1, data };
  g_autoptr (GPtrArray) classes = g_ptr_array_new_with_free_func ((GDestroyNotify) scan_class_free);
  g_autoptr (GArray) open = g_array_new (FALSE, FALSE, sizeof (int));
  ScanTok t = scan_next (&sc), prev = { S_END };
  guint brackets = 0;

  *within = NULL;
  if (tok_is (&t, "within"))
    {
      GString *w = g_string_new (NULL);

      for (t = scan_next (&sc); t.kind != S_END && !tok_is (&t, ";"); t = scan_next (&sc))
        g_string_append_len (w, t.start, (gssize) t.len);
      *within = g_string_free (w, w->len == 0);
      t = scan_next (&sc);
    }
  for (; t.kind != S_END; prev = t, t = scan_next (&sc))
    {
      int top = open->len > 0 ? g_array_index (open, int, open->len - 1) : -1;
      ScanClass *cur = top >= 0 ? classes->pdata[top] : NULL;

      if (opens (&t))
        brackets++;
      else if ((tok_is (&t, ")") || tok_is (&t, "}") || tok_is (&t, "]")) && brackets > 0)
        brackets--;
      else if (cur != NULL && tok_is (&t, "experiment"))
        cur->example = TRUE;
      if (brackets > 0)
        continue;
      if (tok_is (&t, "end"))
        {
          /* end Name; closes the class of that name (not end if, end for). */
          ScanTok name = scan_peek (&sc);

          if (cur != NULL && name.kind == S_IDENT && strlen (last_part (cur->path)) == name.len
              && memcmp (last_part (cur->path), name.start, name.len) == 0)
            {
              g_array_set_size (open, open->len - 1);
              t = scan_next (&sc);
            }
        }
      else if (cur != NULL && tok_is (&t, "import"))
        g_ptr_array_add (cur->imports, g_memdup2 (&t, sizeof t));
      else if (cur != NULL && tok_is (&t, "extends"))
        extends_icon (&sc, cur);
      else if (is_class_keyword (&t) && !tok_is (&prev, "end"))
        {
          ScanClass *c;
          ScanTok at = t, name = scan_peek (&sc);

          /* operator record R, operator function f; model extends A. */
          if (tok_is (&at, "operator") && (tok_is (&name, "record") || tok_is (&name, "function")))
            scan_next (&sc), name = scan_peek (&sc);
          if (tok_is (&name, "extends"))
            scan_next (&sc), name = scan_peek (&sc);
          if (name.kind != S_IDENT)
            continue;
          /* A hostile file nesting classes without end: each path as
           * long as its depth. */
          if (open->len >= MAX_DEPTH)
            {
              if (error != NULL && strcmp (((ScanClass *) classes->pdata[0])->kind, "package") == 0)
                g_set_error (error, SW_ERROR, SW_ERROR_PARSE, _("%s:%u:%u: error: classes nest deeper than %u levels"),
                             display_name, at.line, at.column, MAX_DEPTH);
              g_clear_pointer (within, g_free);
              return NULL;
            }
          scan_next (&sc);
          t = scan_peek (&sc);
          /* A short class (type T = Real(…)) has no body. */
          if (tok_is (&t, "="))
            {
              t = name;
              continue;
            }
          c = g_new0 (ScanClass, 1);
          c->kind = g_strndup (at.start, at.len);
          c->partial = tok_is (&prev, "partial");
          c->at = at;
          c->parent = top;
          c->imports = g_ptr_array_new_with_free_func (g_free);
          {
            g_autofree char *last = g_strndup (name.start, name.len);

            c->path = cur != NULL ? g_strdup_printf ("%s.%s", cur->path, last) : g_steal_pointer (&last);
          }
          {
            int index = (int) classes->len;

            g_ptr_array_add (classes, c);
            g_array_append_val (open, index);
          }
          t = name;
        }
    }
  if (open->len > 0)
    {
      /* A package not closed: said here (of a model, by the parser). */
      const ScanClass *c = classes->pdata[g_array_index (open, int, open->len - 1)];

      if (error != NULL && strcmp (((ScanClass *) classes->pdata[0])->kind, "package") == 0)
        g_set_error (error, SW_ERROR, SW_ERROR_PARSE, _("%s:%u:%u: error: the %s “%s” has no “end %s;”"), display_name,
                     c->at.line, c->at.column, c->kind, c->path, last_part (c->path));
      g_clear_pointer (within, g_free);
      return NULL;
    }
  return g_steal_pointer (&classes);
}

/* Whether the class and every class around it are of kind model, block
 * or class inside packages only: a model that can be run. */
static gboolean
runnable (GPtrArray *classes, const ScanClass *c)
{
  if (c->partial || c->information || !(strcmp (c->kind, "model") == 0 || strcmp (c->kind, "block") == 0 || strcmp (c->kind, "class") == 0))
    return FALSE;
  for (int p = c->parent; p >= 0; p = ((ScanClass *) classes->pdata[p])->parent)
    if (strcmp (((ScanClass *) classes->pdata[p])->kind, "package") != 0)
      return FALSE;
  return TRUE;
}

/* Whether name names c: its path from the file's top, its full name
 * (within the file's within), or the end of either from a dot on. */
static gboolean
names_class (const char *name, const char *within, const ScanClass *c)
{
  g_autofree char *full = within != NULL ? g_strdup_printf ("%s.%s", within, c->path) : g_strdup (c->path);
  gsize n = strlen (name), f = strlen (full);

  return strcmp (name, full) == 0 || (f > n && full[f - n - 1] == '.' && strcmp (full + f - n, name) == 0);
}

static char *
list_names (GPtrArray *chosen)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < chosen->len; k++)
    g_string_append_printf (s, "%s%s", k > 0 ? ", " : "", ((ScanClass *) chosen->pdata[k])->path);
  return g_string_free (s, FALSE);
}

/* The model a component's class names from class c, as Modelica looks
 * it up: in each package around c, innermost first, then by its full
 * name; NULL if none of the file's models (by_path: the classes by their
 * paths, so that a file of many classes is not searched whole for each
 * name). */
static const ScanClass *
resolve (GPtrArray *classes, GHashTable *by_path, const char *within, const ScanClass *c, const char *type)
{
  const ScanClass *d = NULL;

  for (int p = c->parent; d == NULL; p = ((ScanClass *) classes->pdata[p])->parent)
    {
      g_autofree char *path = p >= 0 ? g_strdup_printf ("%s.%s", ((ScanClass *) classes->pdata[p])->path, type)
                                     : g_strdup (type);

      d = g_hash_table_lookup (by_path, path);
      if (p < 0)
        break;
    }
  if (d == NULL && within != NULL && g_str_has_prefix (type, within) && type[strlen (within)] == '.')
    d = g_hash_table_lookup (by_path, type + strlen (within) + 1);
  return d != NULL && d != c && runnable (classes, d) ? d : NULL;
}

/* The file's other models that the class uses as components (a user's
 * package: model Car { Engine engine; }, Engine beside it), parsed where
 * they are and added to the class's own classes, as subsystems the import
 * reads like models nested in it; the components' classes named by
 * them. Those they use in turn likewise. */
static gboolean
add_used_models (const char *data, gsize length, const char *display_name, const char *within, GPtrArray *classes,
                 const ScanClass *c, MoClass *klass, GError **error)
{
  g_autoptr (GPtrArray) scans = g_ptr_array_new ();
  g_autoptr (GPtrArray) parsed = g_ptr_array_new ();
  g_autoptr (GHashTable) by_path = g_hash_table_new (g_str_hash, g_str_equal);

  /* The first of a path where a file repeats one. */
  for (guint k = classes->len; k-- > 0;)
    g_hash_table_insert (by_path, ((ScanClass *) classes->pdata[k])->path, classes->pdata[k]);

  g_ptr_array_add (scans, (gpointer) c);
  g_ptr_array_add (parsed, klass);
  for (guint i = 0; i < scans->len; i++)
    {
      MoClass *user = parsed->pdata[i];

      for (guint k = 0; k < user->elements->len; k++)
        {
          MoElement *el = user->elements->pdata[k];
          const ScanClass *d;
          const char *name;
          MoClass *found = NULL;

          if (el->parameter || strcmp (el->type, "extends") == 0 || g_str_has_prefix (el->type, "Modelica.")
              || !(d = resolve (classes, by_path, within, scans->pdata[i], el->type)) || d == c)
            continue;
          /* A class of the Standard Library (its own file, or saved with
           * the model) is the kind it names, not a subsystem. */
          {
            g_autofree char *full = within != NULL ? g_strdup_printf ("%s.%s", within, d->path) : g_strdup (d->path);

            if (g_str_has_prefix (full, "Modelica."))
              continue;
          }
          name = last_part (d->path);
          for (guint j = 0; j < klass->classes->len && found == NULL; j++)
            if (strcmp (((MoClass *) klass->classes->pdata[j])->name, name) == 0)
              found = klass->classes->pdata[j];
          /* A nested class of that name already: that one is meant. */
          if (found != NULL && !g_ptr_array_find (parsed, found, NULL))
            continue;
          if (found == NULL)
            {
              if (!(found = _sw_mo_parse_class_at (data, length, display_name, d->at.start, d->at.line, d->at.line_start,
                                                   error)))
                return FALSE;
              g_ptr_array_add (klass->classes, found);
              g_ptr_array_add (scans, (gpointer) d);
              g_ptr_array_add (parsed, found);
            }
          g_free (el->type);
          el->type = g_strdup (name);
        }
    }
  return TRUE;
}

/* The parser at a class's keyword, its packages' import clauses read
 * into the class (after its own). */
static MoClass *
parse_at (const char *data, gsize length, const char *display_name, const char *within, GPtrArray *classes,
          const ScanClass *c, GError **error)
{
  g_autoptr (MoClass) klass = NULL;
  g_autofree char *outer = NULL;
  const char *dot = strrchr (c->path, '.');

  if (dot != NULL)
    outer = g_strndup (c->path, (gsize) (dot - c->path));
  if (!(klass = _sw_mo_parse_class_at (data, length, display_name, c->at.start, c->at.line, c->at.line_start, error)))
    return NULL;
  g_free (klass->within);
  klass->within = within != NULL && outer != NULL ? g_strdup_printf ("%s.%s", within, outer)
                : outer != NULL ? g_strdup (outer) : g_strdup (within);
  for (int p = c->parent; p >= 0; p = ((ScanClass *) classes->pdata[p])->parent)
    {
      const ScanClass *pc = classes->pdata[p];

      for (guint k = 0; k < pc->imports->len; k++)
        {
          const ScanTok *it = pc->imports->pdata[k];

          if (!_sw_mo_parse_import_at (data, length, display_name, it->start, it->line, it->line_start, klass, error))
            return NULL;
        }
    }
  if (!add_used_models (data, length, display_name, within, classes, c, klass, error))
    return NULL;
  return g_steal_pointer (&klass);
}

MoClass *
_sw_mo_parse_model (const char *data, gsize length, const char *display_name, const char *model_name, GError **error)
{
  g_autofree char *within = NULL;
  GError *scan_error = NULL;
  g_autoptr (GPtrArray) classes = scan (data, length, &within, &scan_error, display_name);
  g_autoptr (GPtrArray) models = g_ptr_array_new ();
  g_autoptr (GPtrArray) chosen = g_ptr_array_new ();
  g_autofree char *names = NULL;
  guint n_top = 0;

  /* A package the scan cannot follow is its to report, a model the
   * parser's. */
  if (scan_error != NULL)
    {
      g_propagate_error (error, scan_error);
      return NULL;
    }
  if (classes == NULL)
    return _sw_mo_parse (data, length, display_name, error);
  for (guint k = 0; k < classes->len; k++)
    {
      ScanClass *c = classes->pdata[k];

      n_top += c->parent < 0;
      if (runnable (classes, c))
        g_ptr_array_add (models, c);
    }
  /* One model alone (its nested models its subsystems): as it is. */
  if (n_top == 1 && models->len > 0 && models->pdata[0] == classes->pdata[0]
      && (model_name == NULL || names_class (model_name, within, models->pdata[0])))
    return _sw_mo_parse (data, length, display_name, error);
  /* A package of no model of its own: MSL 4's Examples/package.mo. */
  if (models->len == 0 && classes->len > 0 && strcmp (((ScanClass *) classes->pdata[0])->kind, "package") == 0)
    {
      const ScanClass *p = classes->pdata[0];

      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("%s:%u:%u: error: the package “%s” holds no model; where each is a file of its own beside "
                     "package.mo (as in MSL 4), open that file"), display_name, p->at.line, p->at.column, p->path);
      return NULL;
    }
  if (models->len == 0)
    return _sw_mo_parse (data, length, display_name, error);
  for (guint k = 0; k < models->len; k++)
    if (model_name != NULL ? names_class (model_name, within, models->pdata[k])
                           : ((ScanClass *) models->pdata[k])->example)
      g_ptr_array_add (chosen, models->pdata[k]);
  /* Without a name: the one model, or the one example beside utilities. */
  if (model_name == NULL && models->len == 1)
    return parse_at (data, length, display_name, within, classes, models->pdata[0], error);
  if (chosen->len == 1)
    return parse_at (data, length, display_name, within, classes, chosen->pdata[0], error);
  /* A whole name among ends of longer ones (Examples.First beside
   * Old.Examples.First): the whole one. */
  for (guint k = 0; model_name != NULL && chosen->len > 1 && k < chosen->len; k++)
    {
      const ScanClass *c = chosen->pdata[k];
      g_autofree char *full = within != NULL ? g_strdup_printf ("%s.%s", within, c->path) : NULL;

      if (strcmp (model_name, c->path) == 0 || g_strcmp0 (model_name, full) == 0)
        return parse_at (data, length, display_name, within, classes, c, error);
    }
  if (model_name != NULL && chosen->len > 1)
    {
      names = list_names (chosen);
      g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                   _("%s: error: “%s” names %u models: %s; give the whole name"), display_name, model_name, chosen->len,
                   names);
      return NULL;
    }
  names = list_names (chosen->len > 0 ? chosen : models);
  if (model_name != NULL)
    g_set_error (error, SW_ERROR, SW_ERROR_PARSE, _("%s: error: the file has no model “%s”; its models: %s"),
                 display_name, model_name, names);
  else
    g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                 _("%s: error: the file holds %u models; choose one by its name (--model NAME): %s"), display_name,
                 chosen->len > 0 ? chosen->len : models->len, names);
  return NULL;
}

/* The runnable models of the file, as paths from its top (NULL where the
 * scan cannot follow it): what a user may choose from. */
char **
_sw_mo_list_models (const char *data, gsize length)
{
  g_autofree char *within = NULL;
  g_autoptr (GPtrArray) classes = scan (data, length, &within, NULL, NULL);
  GPtrArray *names;

  if (classes == NULL)
    return NULL;
  names = g_ptr_array_new ();
  for (guint k = 0; k < classes->len; k++)
    if (runnable (classes, classes->pdata[k]))
      g_ptr_array_add (names, g_strdup (((ScanClass *) classes->pdata[k])->path));
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}

/* Whether every part of a dotted name is a Modelica name: a file's path
 * is made of them. */
static gboolean
plain_name (const char *name)
{
  g_auto (GStrv) parts = g_strsplit (name, ".", -1);

  for (guint k = 0; parts[k] != NULL; k++)
    {
      if (!(g_ascii_isalpha (parts[k][0]) || parts[k][0] == '_') || strcmp (parts[k], "package") == 0)
        return FALSE;
      for (const char *p = parts[k]; *p != '\0'; p++)
        if (!(g_ascii_isalnum (*p) || *p == '_'))
          return FALSE;
    }
  return TRUE;
}

static int
by_name (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The models of a package's folder: package.order's names that are files
 * NAME.mo, else the folder's .mo files but package.mo, sorted. */
static char **
folder_models (const char *dir)
{
  g_autofree char *order_path = g_build_filename (dir, "package.order", NULL);
  g_autofree char *order = NULL;
  GPtrArray *names = g_ptr_array_new ();

  if (g_file_get_contents (order_path, &order, NULL, NULL))
    {
      g_auto (GStrv) lines = g_strsplit (order, "\n", -1);

      for (guint k = 0; lines[k] != NULL; k++)
        {
          g_autofree char *name = g_strstrip (g_strdup (lines[k]));
          g_autofree char *file = g_strconcat (dir, G_DIR_SEPARATOR_S, name, ".mo", NULL);

          if (*name != '\0' && plain_name (name) && g_file_test (file, G_FILE_TEST_IS_REGULAR))
            g_ptr_array_add (names, g_steal_pointer (&name));
        }
    }
  else
    {
      g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
      const char *entry;

      while (d != NULL && (entry = g_dir_read_name (d)) != NULL)
        if (g_str_has_suffix (entry, ".mo") && strcmp (entry, "package.mo") != 0)
          g_ptr_array_add (names, g_strndup (entry, strlen (entry) - 3));
      g_ptr_array_sort (names, by_name);
    }
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}

/* Whether the file is MSL 4's package.mo of no model of its own. */
static gboolean
is_model_less_package (const char *path, const char *data, gsize length)
{
  g_autofree char *base = g_path_get_basename (path);
  g_auto (GStrv) models = NULL;

  return strcmp (base, "package.mo") == 0 && (models = _sw_mo_list_models (data, length)) != NULL
         && models[0] == NULL;
}

char **
_sw_mo_folder_models (const char *path, const char *data, gsize length)
{
  g_autofree char *dir = NULL;

  if (!is_model_less_package (path, data, length))
    return NULL;
  dir = g_path_get_dirname (path);
  return folder_models (dir);
}

char *
_sw_mo_folder_model (const char *path, const char *display_name, const char *data, gsize length,
                     const char *model_name, GError **error)
{
  g_autofree char *dir = NULL, *names = NULL;
  g_auto (GStrv) models = NULL;

  if (!is_model_less_package (path, data, length))
    return NULL;
  dir = g_path_get_dirname (path);
  if (model_name != NULL && plain_name (model_name))
    {
      g_auto (GStrv) parts = g_strsplit (model_name, ".", -1);

      /* Examples.First from Examples/package.mo is Examples/First.mo; a
       * full name's end likewise. */
      for (guint k = 0; parts[k] != NULL; k++)
        {
          g_autofree char *rel = g_strjoinv (G_DIR_SEPARATOR_S, parts + k);
          g_autofree char *file = g_strconcat (dir, G_DIR_SEPARATOR_S, rel, ".mo", NULL);

          if (g_file_test (file, G_FILE_TEST_IS_REGULAR))
            return g_steal_pointer (&file);
        }
    }
  models = folder_models (dir);
  names = g_strjoinv (", ", models);
  if (model_name != NULL)
    g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                 _("%s: error: the package holds no model itself, and its folder has no file of “%s”; its models: %s"),
                 display_name, model_name, names);
  else
    g_set_error (error, SW_ERROR, SW_ERROR_PARSE,
                 _("%s: error: the package holds no model itself; its models are files of its folder, choose one by "
                   "its name (--model NAME): %s"), display_name, names);
  return NULL;
}
