/* sw-window-problems.c: the window's check: after each change (debounced)
 * the model is assembled; the errors become rows of the problems popover,
 * marks on the canvas at the components involved, and the state of the
 * run and modes actions.
 *
 * While a model is being drawn its parts are often not connected yet: an
 * error about a component with a free port (other than an optional
 * support) is a hint, "not connected yet", listed in the popover but not
 * counted or marked as a problem; Run stays off and says why. So is an
 * error about a component wired to a part left dangling (a part without
 * mass with a port connected to nothing, _sw_window_count_unconnected()). A failed
 * run's message is shown above the results and its components marked
 * too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "sw-system.h"
#include "sw-simulate.h"

#define CHECK_DELAY_MS       300
#define MAX_PROBLEM_ROWS     8

/* ---- Problems ---------------------------------------------------------- */

typedef struct {
  int       component;    /* -1: not tied to one component */
  char     *location;     /* "first.shaft:12:5" */
  char     *message;
  gboolean  hint;         /* about a part not connected yet */
} Problem;

static void
problem_clear (gpointer data)
{
  Problem *problem = data;

  g_free (problem->location);
  g_free (problem->message);
}

static gboolean
is_id_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

/* "first.shaft:12:5" -> 12, 5 */
static gboolean
parse_line_column (const char *location,
                   guint64    *line,
                   guint64    *column)
{
  const char *last = strrchr (location, ':');
  const char *before;
  g_autofree char *line_text = NULL;

  if (last == NULL || last == location)
    return FALSE;
  for (before = last - 1; before > location && *before != ':'; before--)
    ;
  if (*before != ':')
    return FALSE;
  line_text = g_strndup (before + 1, (gsize) (last - before - 1));
  return g_ascii_string_to_unsigned (line_text, 10, 1, G_MAXUINT, line, NULL) &&
         g_ascii_string_to_unsigned (last + 1, 10, 1, G_MAXUINT, column, NULL);
}

/* The component an error line is about: by the line and column of the
 * location, else the component whose id appears first as a whole word. */
static int
find_problem_component (SwModel    *model,
                        const char *location,
                        const char *message)
{
  guint n = sw_model_get_n_components (model);
  guint64 line = 0, column = 0;
  int best = -1;
  const char *best_at = NULL;
  gsize best_len = 0;

  if (parse_line_column (location, &line, &column))
    for (guint i = 0; i < n; i++)
      {
        const SwComponent *c = sw_model_get_component (model, i);

        if (c->line == line && c->column == column)
          return (int) i;
      }

  /* Messages quote ids: “damper1”. The first quoted one wins over a
   * word that only looks like an id ("massless shaft section"). */
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *quoted = g_strdup_printf ("“%s”", sw_model_get_component (model, i)->id);
      const char *at = strstr (message, quoted);

      if (at != NULL && (best_at == NULL || at < best_at))
        {
          best = (int) i;
          best_at = at;
        }
    }
  if (best >= 0)
    return best;

  for (guint i = 0; i < n; i++)
    {
      const char *id = sw_model_get_component (model, i)->id;
      gsize len = strlen (id);

      for (const char *at = strstr (message, id); at != NULL; at = strstr (at + 1, id))
        if ((at == message || !is_id_char (at[-1])) && !is_id_char (at[len]))
          {
            if (best_at == NULL || at < best_at || (at == best_at && len > best_len))
              {
                best = (int) i;
                best_at = at;
                best_len = len;
              }
            break;
          }
    }
  return best;
}

/* The first port of the component that nothing is connected to (an
 * optional support aside), or NULL. */
static const char *
find_free_port (SwModel *model,
                guint    component)
{
  const SwComponent *c = sw_model_get_component (model, component);
  guint n_connections = sw_model_get_n_connections (model);

  for (guint p = 0; p < c->kind->n_ports; p++)
    {
      gboolean connected = FALSE;

      if (c->kind->ports[p].is_support)
        continue;
      for (guint i = 0; i < n_connections && !connected; i++)
        {
          const SwConnection *k = sw_model_get_connection (model, i);

          connected = (k->from_component == component && k->from_port == p) ||
                      (k->to_component == component && k->to_port == p);
        }
      if (!connected)
        return c->kind->ports[p].name;
    }
  return NULL;
}

/* Whether a free port of the kind ends a drawing (an inertia's other
 * flange) rather than leaves a part dangling: kinds with a mass.
 * Friction against the housing needs only one of its flanges connected
 * (a brake at a shaft's end). */
static gboolean
kind_has_mass (const SwKind *kind)
{
  for (guint i = 0; i < kind->n_params; i++)
    if (g_strcmp0 (kind->params[i].unit, "kg.m2") == 0 || g_strcmp0 (kind->params[i].unit, "kg") == 0)
      return TRUE;
  return FALSE;
}

/* The unconnected ports; dangling[i] (when not NULL, n_components long)
 * set for each component with some; ports (when not NULL) gets each as a
 * pair of guints, component and port. */
static guint
count_dangling (SwModel  *model,
                gboolean *dangling,
                GArray   *ports)
{
  guint n_components = sw_model_get_n_components (model);
  guint n_connections = sw_model_get_n_connections (model);
  /* Which ports are connected, in one pass over the connections (a pass
   * per port made a large model's check quadratic). */
  g_autofree guint8 *connected = g_new0 (guint8, MAX (n_components, 1) * SW_KIND_MAX_PORTS);
  guint n = 0;

  for (guint k = 0; k < n_connections; k++)
    {
      const SwConnection *w = sw_model_get_connection (model, k);

      if (w->from_component < n_components && w->from_port < SW_KIND_MAX_PORTS)
        connected[w->from_component * SW_KIND_MAX_PORTS + w->from_port] = 1;
      if (w->to_component < n_components && w->to_port < SW_KIND_MAX_PORTS)
        connected[w->to_component * SW_KIND_MAX_PORTS + w->to_port] = 1;
    }
  for (guint i = 0; i < n_components; i++)
    {
      const SwComponent *c = sw_model_get_component (model, i);
      gboolean has_support = FALSE;
      guint n_free = 0, n_flanges = 0;
      guint free_ports[SW_KIND_MAX_PORTS];

      if (kind_has_mass (c->kind))
        continue;
      for (guint p = 0; p < c->kind->n_ports; p++)
        {
          if (c->kind->ports[p].is_support)
            {
              has_support = TRUE;
              continue;
            }
          n_flanges++;
          if (!connected[i * SW_KIND_MAX_PORTS + p])
            free_ports[n_free++] = p;
        }
      /* Friction against the housing (a brake, bearing friction) may
       * leave a flange free: one connected is enough. */
      if (!has_support || c->kind->friction == NULL || n_free == n_flanges)
        {
          n += n_free;
          if (dangling != NULL && n_free > 0)
            dangling[i] = TRUE;
          for (guint f = 0; ports != NULL && f < n_free; f++)
            {
              guint pair[2] = { i, free_ports[f] };

              g_array_append_vals (ports, pair, 2);
            }
        }
    }
  return n;
}

guint
_sw_window_count_unconnected (SwModel *model)
{
  return count_dangling (model, NULL, NULL);
}

/* Whether the component dangles or is wired to one that does: its
 * errors come from the model being unfinished there (a gear's free
 * flange leaves the damper before it nothing to push against). */
static gboolean
next_to_dangling (SwModel        *model,
                  const gboolean *dangling,
                  guint           component)
{
  if (dangling[component])
    return TRUE;
  for (guint k = 0; k < sw_model_get_n_connections (model); k++)
    {
      const SwConnection *w = sw_model_get_connection (model, k);

      if ((w->from_component == component && dangling[w->to_component]) ||
          (w->to_component == component && dangling[w->from_component]))
        return TRUE;
    }
  return FALSE;
}

static GArray *
parse_problems (SwModel    *model,
                const char *text)
{
  g_autofree gboolean *dangling = g_new0 (gboolean, MAX (sw_model_get_n_components (model), 1));

  count_dangling (model, dangling, NULL);

  GArray *problems = g_array_new (FALSE, TRUE, sizeof (Problem));
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  g_array_set_clear_func (problems, problem_clear);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      const char *mark = strstr (line, "error: ");
      Problem problem = { -1, NULL, NULL, FALSE };

      if (*line == '\0')
        continue;
      if (mark != NULL)
        {
          const char *end = mark;

          while (end > line && (end[-1] == ' ' || end[-1] == ':'))
            end--;
          problem.location = g_strndup (line, (gsize) (end - line));
          problem.message = g_strdup (mark + strlen ("error: "));
        }
      else
        {
          problem.location = g_strdup ("");
          problem.message = g_strdup (line);
        }
      problem.component = find_problem_component (model, problem.location, problem.message);
      problem.hint = problem.component >= 0 &&
                     (find_free_port (model, (guint) problem.component) != NULL ||
                      next_to_dangling (model, dangling, (guint) problem.component));
      g_array_append_val (problems, problem);
    }
  return problems;
}

/* Every dangling component the check did not name (a lone clutch
 * assembles, doing nothing): a hint, so that the popover lists what the
 * results bar counts as "N ports unconnected" instead of "no problems". */
static GArray *
add_dangling_hints (SwModel *model,
                    GArray  *problems)
{
  guint n = sw_model_get_n_components (model);
  g_autofree gboolean *dangling = g_new0 (gboolean, MAX (n, 1));

  if (count_dangling (model, dangling, NULL) == 0)
    return problems;
  if (problems == NULL)
    {
      problems = g_array_new (FALSE, TRUE, sizeof (Problem));
      g_array_set_clear_func (problems, problem_clear);
    }
  for (guint i = 0; i < n; i++)
    {
      gboolean listed = FALSE;

      if (!dangling[i] || find_free_port (model, i) == NULL)
        continue;
      for (guint k = 0; k < problems->len && !listed; k++)
        listed = g_array_index (problems, Problem, k).component == (int) i;
      if (!listed)
        {
          Problem hint = { (int) i, g_strdup (""), g_strdup (""), TRUE };

          g_array_append_val (problems, hint);
        }
    }
  return problems;
}

static void
problems_row_activated_cb (SwWindow      *self,
                           GtkListBoxRow *row)
{
  int component = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "component")) - 1;

  if (component < 0)
    return;
  gtk_popover_popdown (self->problems_popover);
  sw_canvas_show_component (self->canvas, component);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

/* A row of the problems list: the message wraps at about 60 characters,
 * the location below it. */
static GtkWidget *
problem_row_new (const char *icon_name,
                 const char *message,
                 const char *location)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *label = gtk_label_new (message);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (texts), label);
  if (location != NULL && *location != '\0')
    {
      GtkWidget *where = gtk_label_new (location);

      gtk_label_set_xalign (GTK_LABEL (where), 0);
      gtk_label_set_ellipsize (GTK_LABEL (where), PANGO_ELLIPSIZE_MIDDLE);
      gtk_widget_add_css_class (where, "dim-label");
      gtk_widget_add_css_class (where, "caption");
      gtk_box_append (GTK_BOX (texts), where);
    }
  if (icon_name != NULL)
    {
      GtkWidget *icon = gtk_image_new_from_icon_name (icon_name);

      gtk_widget_set_valign (icon, GTK_ALIGN_START);
      gtk_widget_add_css_class (icon, "warning");
      gtk_box_append (GTK_BOX (box), icon);
    }
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_box_append (GTK_BOX (box), texts);
  gtk_widget_set_margin_top (box, 9);
  gtk_widget_set_margin_bottom (box, 9);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

/* Marks on the canvas: the check's problems (not its hints), the
 * components a failed run names, and a ring on every port the results bar
 * counts as unconnected. */
void
_sw_window_update_problems_marks (SwWindow *self)
{
  g_autoptr(GArray) run = NULL;
  g_autoptr(GArray) components = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GPtrArray) messages = g_ptr_array_new ();
  g_autoptr(GArray) free_ports = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) ring_components = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) ring_ports = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *lists[2];

  /* Inside a subsystem the canvas shows another model: no marks there. */
  if (_sw_window_inside_subsystem (self))
    {
      sw_canvas_set_problems (self->canvas, NULL, NULL, 0);
      sw_canvas_set_unconnected_ports (self->canvas, NULL, NULL, 0);
      return;
    }
  count_dangling (self->model, NULL, free_ports);
  for (guint k = 0; k + 1 < free_ports->len; k += 2)
    {
      int component = (int) g_array_index (free_ports, guint, k);

      g_array_append_val (ring_components, component);
      g_array_append_val (ring_ports, g_array_index (free_ports, guint, k + 1));
    }
  sw_canvas_set_unconnected_ports (self->canvas, (const int *) (gpointer) ring_components->data,
                                   (const guint *) (gpointer) ring_ports->data, ring_ports->len);
  if (self->run_error != NULL)
    run = parse_problems (self->model, self->run_error);
  lists[0] = self->check_problems;
  lists[1] = run;
  for (guint l = 0; l < 2; l++)
    for (guint i = 0; lists[l] != NULL && i < lists[l]->len; i++)
      {
        Problem *problem = &g_array_index (lists[l], Problem, i);

        if (problem->component < 0 || (l == 0 && problem->hint))
          continue;
        g_array_append_val (components, problem->component);
        g_ptr_array_add (messages, problem->message);
      }
  sw_canvas_set_problems (self->canvas, components->len > 0 ? (int *) components->data : NULL,
                          components->len > 0 ? (const char * const *) messages->pdata : NULL,
                          components->len);
}

static void
set_problems (SwWindow *self,
              GArray   *problems)
{
  guint n_rows = 0;
  guint n = 0, n_hints = 0;
  GtkWidget *child;
  guint total = problems != NULL ? problems->len : 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->problems_list))) != NULL)
    gtk_list_box_remove (self->problems_list, child);

  /* Problems first, then hints. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < total; i++)
      {
        Problem *problem = &g_array_index (problems, Problem, i);
        GtkWidget *row;
        g_autofree char *subtitle = NULL;
        g_autofree char *message = NULL;

        if (problem->hint != (pass == 1))
          continue;
        if (problem->hint)
          n_hints++;
        else
          n++;
        if (n_rows == MAX_PROBLEM_ROWS)
          {
            g_autofree char *more = g_strdup_printf (ngettext ("and %u more", "and %u more",
                                                               total - MAX_PROBLEM_ROWS),
                                                     total - MAX_PROBLEM_ROWS);

            row = problem_row_new (NULL, more, NULL);
            gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
            gtk_list_box_append (self->problems_list, row);
          }
        if (n_rows++ >= MAX_PROBLEM_ROWS)
          continue;
        if (problem->component >= 0)
          {
            const char *id = sw_model_get_component (self->model, (guint) problem->component)->id;

            /* Translators: a problem's location: the file position, then the component id */
            subtitle = *problem->location != '\0'
                       ? g_strdup_printf (_("%s — component %s"), problem->location, id)
                       : g_strdup_printf (_("Component %s"), id);
          }
        else
          subtitle = g_strdup (problem->location);
        if (problem->hint && problem->component >= 0 &&
            find_free_port (self->model, (guint) problem->component) != NULL)
          {
            const SwComponent *c = sw_model_get_component (self->model, (guint) problem->component);

            /* Translators: a hint while a model is drawn: component id, then its free port */
            message = g_strdup_printf (_("%s is not connected yet: connect its port %s."),
                                       c->id, find_free_port (self->model, (guint) problem->component));
          }
        row = problem_row_new (problem->hint ? "dialog-information-symbolic" : "dialog-warning-symbolic",
                               message != NULL ? message : problem->message, subtitle);
        gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), problem->component >= 0);
        g_object_set_data (G_OBJECT (row), "component", GINT_TO_POINTER (problem->component + 1));
        gtk_list_box_append (self->problems_list, row);
      }

  if (problems != NULL)
    g_array_ref (problems);
  g_clear_pointer (&self->check_problems, g_array_unref);
  self->check_problems = problems;
  _sw_window_update_problems_marks (self);

  gtk_widget_set_visible (GTK_WIDGET (self->problems_list), total > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_count), n > 0);
  if (n > 0)
    {
      g_autofree char *count = g_strdup_printf ("%u", n);
      g_autofree char *tooltip = g_strdup_printf (ngettext ("%u problem (F8)", "%u problems (F8)", n), n);

      gtk_label_set_label (self->problems_count, count);
      gtk_image_set_from_icon_name (self->problems_image, "dialog-warning-symbolic");
      gtk_widget_add_css_class (GTK_WIDGET (self->problems_button), "warning");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->problems_button), tooltip);
      gtk_widget_set_visible (GTK_WIDGET (self->problems_status), FALSE);
    }
  else
    {
      gtk_image_set_from_icon_name (self->problems_image,
                                    n_hints > 0 ? "dialog-information-symbolic" : "emblem-ok-symbolic");
      gtk_widget_remove_css_class (GTK_WIDGET (self->problems_button), "warning");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->problems_button),
                                   n_hints > 0 ? _("Not Connected Yet (F8)") : _("No Problems (F8)"));
      gtk_label_set_label (self->problems_status,
                           sw_model_get_n_components (self->model) == 0
                           ? _("The model is empty. Add components from the palette.")
                           : n_hints > 0 ? _("No problems so far; some parts are not connected yet.")
                           : _("The model checks out: no problems found."));
      gtk_widget_set_visible (GTK_WIDGET (self->problems_status), TRUE);
    }

  /* Why Run is off, in its tooltip and the empty results. */
  g_clear_pointer (&self->run_disabled_reason, g_free);
  if (sw_model_get_n_components (self->model) == 0)
    self->run_disabled_reason = g_strdup (_("Nothing to run yet: add components from the palette"));
  else if (n > 0)
    self->run_disabled_reason = g_strdup_printf (ngettext ("Cannot run: the model has %u problem (F8)",
                                                           "Cannot run: the model has %u problems (F8)", n),
                                                 n);
  else if (n_hints > 0 && self->check_ok)
    ; /* Only parts the run leaves alone dangle (a lone clutch): it runs. */
  else if (n_hints > 0)
    {
      for (guint i = 0; i < total; i++)
        {
          Problem *problem = &g_array_index (problems, Problem, i);

          if (problem->hint && problem->component >= 0 &&
              find_free_port (self->model, (guint) problem->component) != NULL)
            {
              const SwComponent *c = sw_model_get_component (self->model, (guint) problem->component);

              self->run_disabled_reason =
                g_strdup_printf (_("Cannot run yet: %s is not connected (port %s)"), c->id,
                                 find_free_port (self->model, (guint) problem->component));
              break;
            }
        }
      if (self->run_disabled_reason == NULL)
        {
          guint unconnected = _sw_window_count_unconnected (self->model);

          self->run_disabled_reason =
            g_strdup_printf (ngettext ("Cannot run yet: %u port is not connected",
                                       "Cannot run yet: %u ports are not connected", unconnected),
                             unconnected);
        }
    }
  else if (total > 0)
    self->run_disabled_reason = g_strdup (_("Cannot run: see the problems (F8)"));

  if (self->n_hints != n_hints)
    self->n_hints = n_hints;
  if (self->n_problems != n)
    {
      self->n_problems = n;
      _sw_window_notify (self, PROP_N_PROBLEMS);
    }
}

/* "model.shaft:12:5: error: at t = 0 s the …" -> "At t = 0 s the …
 * (model.shaft:12:5)", line by line: the sentence first, where after it. */
char *
_sw_window_dup_readable_error (const char *message)
{
  g_auto(GStrv) lines = g_strsplit (message, "\n", -1);
  GString *text = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *mark = strstr (lines[i], "error: ");
      g_autofree char *sentence = NULL;
      g_autofree char *where = NULL;

      if (*lines[i] == '\0')
        continue;
      if (mark != NULL)
        {
          const char *end = mark;

          while (end > lines[i] && (end[-1] == ' ' || end[-1] == ':'))
            end--;
          where = g_strndup (lines[i], (gsize) (end - lines[i]));
          sentence = g_strdup (mark + strlen ("error: "));
        }
      else
        sentence = g_strdup (lines[i]);
      if (g_ascii_islower (sentence[0]))
        sentence[0] = g_ascii_toupper (sentence[0]);
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, sentence);
      if (where != NULL && *where != '\0')
        g_string_append_printf (text, " (%s)", where);
    }
  return g_string_free (text, FALSE);
}

void
_sw_window_set_run_error (SwWindow   *self,
                          const char *message)
{
  if (g_strcmp0 (message, self->run_error) == 0)
    return;
  g_free (self->run_error);
  self->run_error = g_strdup (message);
  if (message != NULL)
    {
      g_autofree char *text = _sw_window_dup_readable_error (message);

      gtk_label_set_label (self->error_label, text);
    }
  gtk_revealer_set_reveal_child (self->error_revealer, message != NULL);
  _sw_window_update_problems_marks (self);
  /* The empty results page names the failure while there is one. */
  if (self->pinned != NULL && !gtk_widget_in_destruction (GTK_WIDGET (self)))
    _sw_window_results_update_state (self);
}

void
_sw_window_run_check (SwWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SwSystem) system = NULL;
  g_autoptr(GArray) problems = NULL;

  g_clear_handle_id (&self->check_source, g_source_remove);
  if (self->model == NULL)
    return;

  if (sw_model_get_n_components (self->model) > 0)
    {
      SwSimulateOptions options;

      system = sw_model_assemble (self->model, &error);
      /* And the run the settings ask for: its events and memory. */
      if (system != NULL)
        {
          options = sw_simulate_options_from_system (system);
          if (!sw_simulate_check (system, &options, &error))
            g_clear_pointer (&system, sw_system_unref);
        }
      if (system == NULL)
        problems = parse_problems (self->model, error->message);
      else
        _sw_window_analysis_set_system (self, system);
    }
  if (sw_model_get_n_components (self->model) > 0)
    problems = add_dangling_hints (self->model, problems);
  self->check_ok = system != NULL;
  set_problems (self, problems);
  _sw_window_update_actions (self);
  _sw_window_results_update_state (self);
}

static gboolean
check_timeout_cb (gpointer data)
{
  SwWindow *self = data;

  self->check_source = 0;
  _sw_window_run_check (self);
  return G_SOURCE_REMOVE;
}

void
_sw_window_schedule_check (SwWindow *self)
{
  g_clear_handle_id (&self->check_source, g_source_remove);
  self->check_source = g_timeout_add (CHECK_DELAY_MS, check_timeout_cb, self);
  g_source_set_name_by_id (self->check_source, "[shaftwork] check");
}

void
sw_window_check_now (SwWindow *self)
{
  g_return_if_fail (SW_IS_WINDOW (self));

  _sw_window_run_check (self);
}

static void
sw_window_show_problems (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *param)
{
  SwWindow *self = SW_WINDOW (widget);

  _sw_window_run_check (self);
  gtk_menu_button_popup (self->problems_button);
}

void
_sw_window_class_problems_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, problems_row_activated_cb);
  gtk_widget_class_install_action (widget_class, "win.show-problems", NULL, sw_window_show_problems);
}
