/* sw-campbell.c: natural frequencies against the speed of a shaft.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-campbell.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"
#include "sw-modes-private.h"
#include "sw-system-private.h"

struct _SwCampbell {
  SwTrajectory *diagram;
  GArray       *crossings;   /* SwCriticalSpeed */
  GArray       *orders;      /* SwCampbellOrder, part ids owned */
};

SwCampbellOptions
sw_campbell_options_default (void)
{
  static const double one[] = { 1 };
  SwCampbellOptions o = { .from_rpm = 0, .to_rpm = 3000, .n_speeds = 61, .orders = one, .n_orders = 1 };
  return o;
}

void
sw_campbell_free (SwCampbell *c)
{
  if (c == NULL)
    return;
  g_clear_pointer (&c->diagram, sw_trajectory_unref);
  g_array_unref (c->crossings);
  for (guint k = 0; c->orders != NULL && k < c->orders->len; k++)
    g_free ((char *) g_array_index (c->orders, SwCampbellOrder, k).part);
  g_clear_pointer (&c->orders, g_array_unref);
  g_free (c);
}

SwTrajectory *sw_campbell_get_diagram (const SwCampbell *c) { return c->diagram; }
guint sw_campbell_get_n_crossings (const SwCampbell *c) { return c->crossings->len; }

const SwCriticalSpeed *
sw_campbell_get_crossing (const SwCampbell *c, guint index)
{
  g_return_val_if_fail (index < c->crossings->len, NULL);
  return &g_array_index (c->crossings, SwCriticalSpeed, index);
}

guint sw_campbell_get_n_orders (const SwCampbell *c) { return c->orders->len; }

const SwCampbellOrder *
sw_campbell_get_order (const SwCampbell *c, guint index)
{
  g_return_val_if_fail (index < c->orders->len, NULL);
  return &g_array_index (c->orders, SwCampbellOrder, index);
}

/* A node's motion in a shape over the coordinates (x = T q). */
static double
node_value (const SwSystem *sys, const double *v, guint node)
{
  double at = 0;

  for (guint t = sys->t_start[node]; t < sys->t_start[node + 1]; t++)
    at += sys->t_terms[t].coeff * v[sys->t_terms[t].index];
  return at;
}

/* The first rigid-body mode that turns the body's node, or NULL; *at: the
 * node's motion in it. */
static const double *
rigid_shape (const SwSystem *sys, const SwModes *base, guint body_node, double *at)
{
  for (guint i = 0; i < sw_modes_get_n_modes (base); i++)
    {
      const double *v = _sw_modes_get_coord_shape (base, i);

      if (!sw_modes_get_mode (base, i)->rigid_body)
        continue;
      *at = node_value (sys, v, body_node);
      if (fabs (*at) >= 1e-12)
        return v;
    }
  return NULL;
}

/* The state at which the drivetrain turns rigidly with the body's node at
 * w rad/s: the first rigid-body mode scaled, or rest when there is none;
 * positions from y0. */
static void
rigid_state (const SwSystem *sys, const double *y0, const SwModes *base, guint body_node, double w, double *y)
{
  double at;
  const double *v = rigid_shape (sys, base, body_node, &at);

  memcpy (y, y0, sys->n_states * sizeof (double));
  if (v == NULL)
    return;
  for (guint j = 0; j < sys->n_coords; j++)
    if (sys->coord_class[j] == SW_COORD_MASSIVE)
      y[sys->coord_state[j] + sys->n_massive] = v[j] * w / at;
}

static void
add_order (GArray *orders, double order, const char *part, const char *label)
{
  char num[G_ASCII_DTOSTR_BUF_SIZE], other[G_ASCII_DTOSTR_BUF_SIZE];
  SwCampbellOrder o = { order, g_strdup (part), label };

  /* One line per order as named (6 digits): a mesh order the user also
   * asked for is drawn once, as the component's. */
  g_ascii_formatd (num, sizeof num, "%g", order);
  for (guint k = 0; part != NULL && k < orders->len; k++)
    if (strcmp (g_ascii_formatd (other, sizeof other, "%g", g_array_index (orders, SwCampbellOrder, k).order),
                num) == 0)
      {
        SwCampbellOrder *same = &g_array_index (orders, SwCampbellOrder, k);

        if (same->part == NULL)
          same->part = g_steal_pointer (&o.part), same->label = label;
        g_free ((char *) o.part);
        return;
      }
  g_array_append_val (orders, o);
}

/* The orders of the options, then the components' excitations turned into
 * orders of the reference shaft through the rigid-body motion (none when
 * the drivetrain cannot turn). */
static void
collect_orders (const SwSystem *sys, const SwModes *base, guint body_node, const SwCampbellOptions *o,
                GArray *orders)
{
  double at;
  const double *v = rigid_shape (sys, base, body_node, &at);

  for (guint k = 0; k < o->n_orders; k++)
    add_order (orders, o->orders[k], NULL, NULL);
  for (guint i = 0; v != NULL && i < sys->n_parts; i++)
    {
      const SwPart *p = &sys->parts[i];
      SwExcitation ex[SW_KIND_MAX_EXCITATIONS];
      guint n;

      if (p->kind->excitations == NULL)
        continue;
      n = p->kind->excitations (p, ex);
      g_assert (n <= SW_KIND_MAX_EXCITATIONS);
      for (guint k = 0; k < n; k++)
        {
          double speed = node_value (sys, v, p->node[ex[k].port]), order;

          if (ex[k].relative_to >= 0)
            speed -= node_value (sys, v, p->node[ex[k].relative_to]);
          order = fabs (ex[k].order * speed / at);
          /* Round-off of the ratios: 60 teeth at a third of the speed is 20. */
          if (fabs (order - round (order)) <= 1e-9 * order)
            order = round (order);
          if (order > 1e-9)
            add_order (orders, order, p->id, ex[k].label);
        }
    }
}

static int
compare_speed (gconstpointer a, gconstpointer b)
{
  const SwCriticalSpeed *x = a, *y = b;

  if (x->speed_rpm != y->speed_rpm)
    return x->speed_rpm < y->speed_rpm ? -1 : 1;
  return x->mode < y->mode ? -1 : x->mode > y->mode;
}

SwCampbell *
sw_campbell_compute (const SwSystem *model_sys, const char *shaft, const SwCampbellOptions *o, GError **error)
{
  g_auto (SwLinearConfig) config = { 0 };
  SwModesOptions mo = sw_modes_options_default ();
  const SwSystem *sys = model_sys;
  g_autoptr (SwModes) base = NULL;
  g_autoptr (SwCampbell) c = g_new0 (SwCampbell, 1);
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr (GStrvBuilder) units = g_strv_builder_new ();
  g_autofree double *y = NULL;
  g_autofree double *row = NULL;
  g_autofree double *freqs = NULL;   /* per speed, per elastic mode */
  g_autofree int *sections = NULL;
  g_autofree guint *elastic = NULL;
  guint n_elastic = 0, n_speeds = MAX (o->n_speeds, 2), n_cols, n_orders;
  const SwCampbellOrder *orders;
  int body = -1;

  c->crossings = g_array_new (FALSE, FALSE, sizeof (SwCriticalSpeed));
  c->orders = g_array_new (FALSE, FALSE, sizeof (SwCampbellOrder));
  for (guint k = 0; k < sys->n_bodies; k++)
    if (strcmp (sys->parts[sys->bodies[k].part].id, shaft) == 0)
      body = k;
  if (body < 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                   _("unknown reference shaft “%s”: give the id of an inertia"), shaft);
      return NULL;
    }
  if (!(o->from_rpm >= 0 && o->to_rpm > o->from_rpm && o->to_rpm <= SW_CAMPBELL_MAX_RPM))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("invalid speed range %g:%g rpm; valid: 0 <= from < to <= %g"), o->from_rpm, o->to_rpm,
                   SW_CAMPBELL_MAX_RPM);
      return NULL;
    }
  if (o->n_speeds > SW_CAMPBELL_MAX_SPEEDS)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_TOO_LARGE, _("%u speeds; valid: at most %d"), o->n_speeds,
                   SW_CAMPBELL_MAX_SPEEDS);
      return NULL;
    }
  for (guint k = 0; k < o->n_orders; k++)
    if (!(o->orders[k] > 0))
      {
        g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("invalid order %g; valid: orders > 0"), o->orders[k]);
        return NULL;
      }
  /* Friction elements in the state chosen at the initial state, kept at
   * every speed: the system with the stuck ones locked (its own
   * coordinates, the same parts and nodes). */
  if (!_sw_linear_config_init (&config, model_sys, o->at_s, o->at_state, o->friction, error))
    return NULL;
  sys = config.sys;
  y = g_new0 (double, MAX (sys->n_states, 1));
  mo.friction = o->friction;
  if (!(base = _sw_modes_compute_in_config (&config, o->at_s, NULL, &mo, NULL, error)))
    return NULL;
  collect_orders (sys, base, sys->bodies[body].nodes[0], o, c->orders);
  orders = (const SwCampbellOrder *) c->orders->data;
  n_orders = c->orders->len;
  elastic = g_new (guint, MAX (sw_modes_get_n_modes (base), 1));
  for (guint i = 0; i < sw_modes_get_n_modes (base); i++)
    if (!sw_modes_get_mode (base, i)->rigid_body)
      elastic[n_elastic++] = i;

  freqs = g_new0 (double, n_speeds * MAX (n_elastic, 1));
  sections = g_new0 (int, n_speeds * MAX (n_elastic, 1));
  for (guint s = 0; s < n_speeds; s++)
    {
      double rpm = o->from_rpm + (o->to_rpm - o->from_rpm) * s / (n_speeds - 1);
      g_autoptr (SwModes) at = NULL;

      rigid_state (sys, config.y, base, sys->bodies[body].nodes[0], rpm * 2 * G_PI / 60, y);
      if (!(at = _sw_modes_compute_in_config (&config, o->at_s, y, &mo, NULL, error)))
        return NULL;
      for (guint k = 0; k < n_elastic && k < sw_modes_get_n_modes (at); k++)
        {
          const SwMode *m = sw_modes_get_mode (at, elastic[k]);
          freqs[s * n_elastic + k] = m->frequency_hz;
          sections[s * n_elastic + k] = m->most_excitable_section >= 0
            ? (int) (sw_modes_get_section_part (at, m->most_excitable_section) - sys->parts) : -1;
        }
    }

  for (guint k = 0; k < n_elastic; k++)
    {
      g_autofree char *name = g_strdup_printf ("mode_%u_hz", elastic[k] + 1);
      g_strv_builder_add (names, name);
      g_strv_builder_add (units, "Hz");
    }
  for (guint k = 0; k < n_orders; k++)
    {
      char num[G_ASCII_DTOSTR_BUF_SIZE];
      g_autofree char *name = g_strdup_printf ("order_%s_hz", g_ascii_formatd (num, sizeof num, "%g", orders[k].order));
      g_strv_builder_add (names, name);
      g_strv_builder_add (units, "Hz");
    }
  n_cols = n_elastic + n_orders;
  c->diagram = sw_trajectory_new (g_strv_builder_end (names), g_strv_builder_end (units));
  sw_trajectory_set_x_axis (c->diagram, "speed_rpm", "rpm");
  row = g_new (double, MAX (n_cols, 1));
  for (guint s = 0; s < n_speeds; s++)
    {
      double rpm = o->from_rpm + (o->to_rpm - o->from_rpm) * s / (n_speeds - 1);

      for (guint k = 0; k < n_elastic; k++)
        row[k] = freqs[s * n_elastic + k];
      for (guint k = 0; k < n_orders; k++)
        row[n_elastic + k] = orders[k].order * rpm / 60;
      sw_trajectory_append_row (c->diagram, rpm, row);
    }

  /* Crossings: sign changes of order * n / 60 - f(n) between samples. */
  for (guint k = 0; k < n_orders; k++)
    for (guint m = 0; m < n_elastic; m++)
      for (guint s = 0; s + 1 < n_speeds; s++)
        {
          double n0 = o->from_rpm + (o->to_rpm - o->from_rpm) * s / (n_speeds - 1);
          double n1 = o->from_rpm + (o->to_rpm - o->from_rpm) * (s + 1) / (n_speeds - 1);
          double g0 = orders[k].order * n0 / 60 - freqs[s * n_elastic + m];
          double g1 = orders[k].order * n1 / 60 - freqs[(s + 1) * n_elastic + m];
          SwCriticalSpeed cs;

          if (!(g0 <= 0 && g1 > 0) && !(g0 >= 0 && g1 < 0))
            continue;
          if (g0 == 0 && s > 0)
            continue;   /* counted at the end of the previous interval */
          cs.speed_rpm = g1 == g0 ? n0 : n0 + (n1 - n0) * g0 / (g0 - g1);
          cs.order = orders[k].order;
          cs.mode = elastic[m] + 1;
          cs.frequency_hz = orders[k].order * cs.speed_rpm / 60;
          cs.section = sections[(fabs (g0) <= fabs (g1) ? s : s + 1) * n_elastic + m];
          g_array_append_val (c->crossings, cs);
        }
  g_array_sort (c->crossings, compare_speed);
  return g_steal_pointer (&c);
}
