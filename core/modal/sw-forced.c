/* sw-forced.c: the forced response over a speed range (sw-forced.h).
 *
 * One linearisation at the initial state (as sw-frf.c), one band of K, D and
 * M in a Cuthill-McKee order; then every (speed, order) pair is a solve of
 * (K - w^2 M + i w D) X = F_order, SW_FRF_BAND_LANES pairs at a time (a
 * chain's tridiagonal solves interleave them). Each order's load F_order is
 * complex (the excitations' phases) and the same at every speed, made once.
 * The section torques come from the gains of their torque variable over the
 * motion (_sw_frf_output_gradient(), as a frequency response's output).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-forced-private.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_complex_math.h>
#include "sw-error.h"
#include "sw-frf-output-private.h"
#include "sw-frf-private.h"
#include "sw-gsl-private.h"
#include "sw-linear-private.h"
#include "sw-modes.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (gsl_matrix_complex, gsl_matrix_complex_free)

SwForcedOptions
sw_forced_options_default (void)
{
  SwForcedOptions o = { .from_rpm = 0, .to_rpm = 0, .n_speeds = 201, .per_order = TRUE, .peak = TRUE };
  return o;
}

static int
find_body (const SwSystem *sys, guint part)
{
  for (guint b = 0; b < sys->n_bodies; b++)
    if (sys->bodies[b].part == part)
      return (int) b;
  return -1;
}

/* y at x on rows (xs, ys), linear between rows, the end rows' values
 * beyond. */
static double
interpolate (const double *xs, const double *ys, guint n, double x)
{
  guint lo = 0, hi = n - 1;

  if (!(x > xs[0]))
    return ys[0];
  if (x >= xs[n - 1])
    return ys[n - 1];
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;

      if (xs[mid] <= x)
        lo = mid;
      else
        hi = mid;
    }
  return ys[lo] + (ys[hi] - ys[lo]) * (x - xs[lo]) / (xs[hi] - xs[lo]);
}

double
sw_forced_excitation_amplitude (const SwForcedExcitation *e, double rpm)
{
  double a = e->amplitude, w = 2 * G_PI * rpm / 60;

  g_return_val_if_fail (e != NULL, NAN);
  if (e->n_table >= 2)
    {
      double x = rpm;

      if (e->against == SW_FORCED_AGAINST_MEAN_TORQUE)
        x = e->n_load >= 2 ? interpolate (e->load_rpm, e->load_nm, e->n_load, rpm) : e->mean_torque_nm;
      a = interpolate (e->table_x, e->table_y, e->n_table, x);
    }
  return a + e->amplitude_w2 * w * w;
}

static gboolean
excitation_varies (const SwForcedExcitation *e)
{
  return e->n_table > 0 || e->amplitude_w2 != 0;
}

/* A table of rows (x ascending, y >= 0 when nonneg): NULL when valid, else
 * what is wrong. */
static char *
check_rows (const double *x, const double *y, guint n, gboolean nonneg)
{
  if (n < 2 || x == NULL || y == NULL)
    return g_strdup_printf (_("%u rows; valid: at least 2"), n);
  for (guint i = 0; i < n; i++)
    {
      if (!isfinite (x[i]) || !isfinite (y[i]) || (nonneg && y[i] < 0))
        return g_strdup_printf (_("row %u (%g, %g); valid: finite numbers%s"), i + 1, x[i], y[i],
                                nonneg ? _(", the amplitude >= 0") : "");
      if (i > 0 && !(x[i] > x[i - 1]))
        return g_strdup_printf (_("row %u: %g after %g; valid: strictly ascending"), i + 1, x[i], x[i - 1]);
    }
  return NULL;
}

static gboolean
check_amplitude (const SwForcedExcitation *e, guint k, GError **error)
{
  g_autofree char *table = NULL, *load = NULL;

  if (e->n_table > 0)
    table = check_rows (e->table_x, e->table_y, e->n_table, TRUE);
  if (e->n_table > 0 && e->against == SW_FORCED_AGAINST_MEAN_TORQUE && e->n_load > 0)
    load = check_rows (e->load_rpm, e->load_nm, e->n_load, FALSE);
  if (table != NULL || load != NULL)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("excitation %u on “%s”: its %s table: %s"), k + 1, e->part,
                   table != NULL ? _("amplitude") : _("mean torque"), table != NULL ? table : load);
      return FALSE;
    }
  if (!(isfinite (e->amplitude_w2) && e->amplitude_w2 >= 0) || !isfinite (e->mean_torque_nm))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("excitation %u on “%s”: inertia term %g N.m.s2 and mean torque %g N.m; valid: a finite term "
                     ">= 0 and a finite torque"),
                   k + 1, e->part, e->amplitude_w2, e->mean_torque_nm);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_options (const SwSystem *sys, const SwForcedOptions *o, GError **error)
{
  if (!(o->from_rpm > 0 && o->to_rpm > o->from_rpm && o->to_rpm <= SW_FORCED_MAX_RPM))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("speed range %g … %g rpm; valid: 0 < from < to <= %g rpm"), o->from_rpm, o->to_rpm,
                   SW_FORCED_MAX_RPM);
      return FALSE;
    }
  if (o->n_speeds < 2 || o->n_speeds > SW_FORCED_MAX_SPEEDS)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("%u speeds; valid: 2 … %d"), o->n_speeds,
                   SW_FORCED_MAX_SPEEDS);
      return FALSE;
    }
  if (o->n_excitations == 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("no excitation: give at least one harmonic torque on a body (ID=ORDER:AMPLITUDE)"));
      return FALSE;
    }
  for (guint k = 0; k < o->n_excitations; k++)
    {
      const SwForcedExcitation *e = &o->excitations[k];
      int part = e->part != NULL ? _sw_forced_find_part (sys, e->part) : -1;

      if (part < 0)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_UNKNOWN_PARAMETER,
                       _("excitation %u: unknown component “%s”: give the id of a body (an inertia or a mass)"),
                       k + 1, e->part != NULL ? e->part : "");
          return FALSE;
        }
      if (find_body (sys, (guint) part) < 0)
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("excitation %u: component “%s” (%s) is not a body; a harmonic torque acts on a body "
                         "(an inertia, a mass, a shaft with inertia)"),
                       k + 1, e->part, sys->parts[part].kind->name);
          return FALSE;
        }
      if (!(isfinite (e->order) && e->order > 0 && e->order < 1e9))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("excitation %u on “%s”: order %g; valid: a number above 0 and below 1e9 (per revolution)"), k + 1, e->part,
                       e->order);
          return FALSE;
        }
      if (!(isfinite (e->amplitude) && e->amplitude >= 0) || !isfinite (e->phase_deg))
        {
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("excitation %u on “%s”: amplitude %g and phase %g°; valid: a finite amplitude >= 0 "
                         "and a finite phase"),
                       k + 1, e->part, e->amplitude, e->phase_deg);
          return FALSE;
        }
      if (!check_amplitude (e, k, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
same_order (double a, double b)
{
  return fabs (a - b) <= 1e-9 * MAX (fabs (a), fabs (b));
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* The orders computed: the options' (each excited), or every excited one;
 * ascending, each once. */
static GArray *
collect_orders (const SwForcedOptions *o, GError **error)
{
  g_autoptr (GArray) excited = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) orders = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint k = 0; k < o->n_excitations; k++)
    {
      gboolean seen = FALSE;

      for (guint j = 0; j < excited->len && !seen; j++)
        seen = same_order (g_array_index (excited, double, j), o->excitations[k].order);
      if (!seen)
        g_array_append_val (excited, o->excitations[k].order);
    }
  g_array_sort (excited, compare_double);
  if (o->orders == NULL)
    return g_steal_pointer (&excited);
  for (guint k = 0; k < o->n_orders; k++)
    {
      gboolean found = FALSE, seen = FALSE;

      for (guint j = 0; j < excited->len && !found; j++)
        found = same_order (g_array_index (excited, double, j), o->orders[k]);
      if (!found)
        {
          g_autoptr (GString) list = g_string_new (NULL);

          for (guint j = 0; j < excited->len; j++)
            g_string_append_printf (list, "%s%g", j > 0 ? ", " : "", g_array_index (excited, double, j));
          g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                       _("order %g has no excitation; valid: the excited orders %s"), o->orders[k], list->str);
          return NULL;
        }
      for (guint j = 0; j < orders->len && !seen; j++)
        seen = same_order (g_array_index (orders, double, j), o->orders[k]);
      if (!seen)
        g_array_append_val (orders, o->orders[k]);
    }
  g_array_sort (orders, compare_double);
  return g_steal_pointer (&orders);
}

static char *
order_text (double order)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%g", order));
}

/* The table's columns: names and units. */
static SwTrajectory *
new_table (const SwSystem *sys, const GArray *sections, const GArray *orders, const SwForcedOptions *o)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GPtrArray) units = g_ptr_array_new ();
  SwTrajectory *tr;

  for (guint k = 0; k < sections->len; k++)
    {
      const SwForcedSection *s = &g_array_index (sections, SwForcedSection, k);
      const SwPart *p = &sys->parts[s->part];
      const char *u = p->kind->ports[0].domain == SW_DOMAIN_ROTATIONAL ? "N.m" : "N";

      g_ptr_array_add (names, g_strdup_printf ("%s.tau_amp", p->id));
      g_ptr_array_add (units, g_strdup (u));
      if (o->peak)
        {
          g_ptr_array_add (names, g_strdup_printf ("%s.tau_peak", p->id));
          g_ptr_array_add (units, g_strdup (u));
        }
      for (guint j = 0; j < orders->len && o->per_order; j++)
        {
          g_autofree char *text = order_text (g_array_index (orders, double, j));

          g_ptr_array_add (names, g_strdup_printf ("%s.tau_amp@%s", p->id, text));
          g_ptr_array_add (units, g_strdup (u));
        }
      if (s->stress_per_torque > 0)
        {
          g_ptr_array_add (names, g_strdup_printf ("%s.stress_amp", p->id));
          g_ptr_array_add (units, g_strdup ("MPa"));
          if (o->peak)
            {
              g_ptr_array_add (names, g_strdup_printf ("%s.stress_peak", p->id));
              g_ptr_array_add (units, g_strdup ("MPa"));
            }
          if (s->has_limit)
            {
              g_ptr_array_add (names, g_strdup_printf ("%s.stress_limit_cont", p->id));
              g_ptr_array_add (units, g_strdup ("MPa"));
              g_ptr_array_add (names, g_strdup_printf ("%s.stress_limit_trans", p->id));
              g_ptr_array_add (units, g_strdup ("MPa"));
            }
        }
    }
  for (guint b = 0; b < sys->n_bodies; b++)
    {
      const SwPart *p = &sys->parts[sys->bodies[b].part];

      g_ptr_array_add (names, g_strdup_printf ("%s.phi_amp", p->id));
      g_ptr_array_add (units, g_strdup (p->kind->ports[0].domain == SW_DOMAIN_ROTATIONAL ? "rad" : "m"));
    }
  g_ptr_array_add (names, NULL);
  g_ptr_array_add (units, NULL);
  tr = sw_trajectory_new_sized ((GStrv) g_ptr_array_steal (names, NULL), (GStrv) g_ptr_array_steal (units, NULL),
                                o->n_speeds);
  sw_trajectory_set_x_axis (tr, "rpm", "rpm");
  return tr;
}

/* Rows made before they are stored, column by column (a table of 27 000
 * columns stores four cache lines a column and block: each column's page
 * met a quarter as often as with blocks of 8, bench-forced 5 % faster). */
#define ROW_BLOCK 32

/* The outputs in compact arrays made once, read at every solve: each
 * section's terms one after another, each body's, over the coordinates
 * (the nodes' x = T q folded in: no pass over the nodes), each section's
 * first column. The amplitudes of a speed are kept order by order, so that each
 * solve writes and each row reads them in sequence. */
typedef struct {
  guint   n_sections, n_bodies, n_orders;
  guint  *term_start, *term_coord;
  double *gx, *gv, *ga, *gj;
  guint  *body_start, *body_coord;
  double *body_weight;
  guint  *column;          /* section k's first; the bodies' from [n_sections] */
  double *stress;          /* MPa per N.m, 0: no diameter */
  const SwForcedSection *sections; /* for their limits */
  /* Section k's orders side by side, [k n_orders + j] (a row reads them
   * together; order by order, 16 kB apart, the reads missed the cache);
   * order j's bodies, [j n_bodies + b]. */
  double complex *ys, *yb;
  double *abs_y;           /* one section's orders' magnitudes */
} Outputs;

static void
outputs_clear (Outputs *out)
{
  g_free (out->term_start);
  g_free (out->term_coord);
  g_free (out->gx);
  g_free (out->gv);
  g_free (out->ga);
  g_free (out->gj);
  g_free (out->body_start);
  g_free (out->body_coord);
  g_free (out->body_weight);
  g_free (out->column);
  g_free (out->stress);
  g_free (out->ys);
  g_free (out->yb);
  g_free (out->abs_y);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Outputs, outputs_clear)

static guint
node_terms (const SwSystem *sys, guint node)
{
  return sys->t_start[node + 1] - sys->t_start[node];
}

static void
outputs_init (Outputs *out, const SwSystem *sys, const GArray *sections, guint n_orders, const SwForcedOptions *o)
{
  guint ns = sections->len, nb = sys->n_bodies, nt = 0, nbt = 0, c = 0;

  out->n_sections = ns;
  out->sections = (const SwForcedSection *) sections->data;
  out->n_bodies = nb;
  out->n_orders = n_orders;
  for (guint k = 0; k < ns; k++)
    {
      const SwForcedSection *s = &g_array_index (sections, SwForcedSection, k);

      for (guint a = 0; a < s->n; a++)
        nt += node_terms (sys, s->nodes[a]);
    }
  for (guint b = 0; b < nb; b++)
    for (guint i = 0; i < sys->bodies[b].n_nodes; i++)
      nbt += node_terms (sys, sys->bodies[b].nodes[i]);
  out->term_start = g_new (guint, ns + 1);
  out->term_coord = g_new (guint, MAX (nt, 1));
  out->gx = g_new (double, MAX (nt, 1));
  out->gv = g_new (double, MAX (nt, 1));
  out->ga = g_new (double, MAX (nt, 1));
  out->gj = g_new (double, MAX (nt, 1));
  out->column = g_new (guint, ns + 1);
  out->stress = g_new (double, MAX (ns, 1));
  nt = 0;
  for (guint k = 0; k < ns; k++)
    {
      const SwForcedSection *s = &g_array_index (sections, SwForcedSection, k);

      out->term_start[k] = nt;
      for (guint a = 0; a < s->n; a++)
        for (guint t = sys->t_start[s->nodes[a]]; t < sys->t_start[s->nodes[a] + 1]; t++, nt++)
          {
            double coeff = sys->t_terms[t].coeff;

            out->term_coord[nt] = sys->t_terms[t].index;
            out->gx[nt] = s->gx[a] * coeff;
            out->gv[nt] = s->gv[a] * coeff;
            out->ga[nt] = s->ga[a] * coeff;
            out->gj[nt] = s->gj[a] * coeff;
          }
      out->stress[k] = s->stress_per_torque;
      out->column[k] = c;
      /* As new_table(): amplitude, peak, per order, stress, its peak. */
      c += 1 + (o->peak ? 1 : 0) + (o->per_order ? n_orders : 0)
           + (s->stress_per_torque > 0 ? 1 + (o->peak ? 1 : 0) + (s->has_limit ? 2 : 0) : 0);
    }
  out->term_start[ns] = nt;
  out->column[ns] = c;
  out->body_start = g_new (guint, nb + 1);
  out->body_coord = g_new (guint, MAX (nbt, 1));
  out->body_weight = g_new (double, MAX (nbt, 1));
  nbt = 0;
  for (guint b = 0; b < nb; b++)
    {
      const SwBody *body = &sys->bodies[b];

      out->body_start[b] = nbt;
      /* A body over two nodes (a shaft element): their mean. */
      for (guint i = 0; i < body->n_nodes; i++)
        for (guint t = sys->t_start[body->nodes[i]]; t < sys->t_start[body->nodes[i] + 1]; t++, nbt++)
          {
            out->body_coord[nbt] = sys->t_terms[t].index;
            out->body_weight[nbt] = sys->t_terms[t].coeff / body->n_nodes;
          }
    }
  out->body_start[nb] = nbt;
  out->ys = g_new0 (double complex, MAX ((gsize) ns * n_orders, 1));
  out->yb = g_new0 (double complex, MAX ((gsize) nb * n_orders, 1));
  out->abs_y = g_new0 (double, n_orders);
}

/* The section torques and body angles of up to SW_FRF_BAND_LANES solves
 * (lanes l < nl: order j[l] at w[l], the coordinates' amplitudes q[l],
 * NAN where the solve failed), the orders all different. A section's terms
 * read once for every lane (four lanes always computed, to keep their
 * sums in registers; the unused ones not stored). */
G_STATIC_ASSERT (SW_FRF_BAND_LANES == 4);

static void
outputs_solved (Outputs *out, guint nl, const guint *j, const double *w, const gboolean *ok,
                const double complex *const *q)
{
  guint no = out->n_orders, nb = out->n_bodies;
  double w2[SW_FRF_BAND_LANES], w3[SW_FRF_BAND_LANES];
  const double complex *ql[SW_FRF_BAND_LANES];

  for (guint l = 0; l < SW_FRF_BAND_LANES; l++)
    {
      double wl = l < nl ? w[l] : 0;

      ql[l] = q[l < nl ? l : 0];
      w2[l] = wl * wl;
      w3[l] = w2[l] * wl;
    }
  for (guint k = 0; k < out->n_sections; k++)
    {
      double yr[SW_FRF_BAND_LANES] = { 0 }, yi[SW_FRF_BAND_LANES] = { 0 };

      /* The products written out: the compiler's complex one guards
       * against infinities at every call. */
      for (guint t = out->term_start[k]; t < out->term_start[k + 1]; t++)
        {
          guint at = out->term_coord[t];
          double gx = out->gx[t], gv = out->gv[t], ga = out->ga[t], gj = out->gj[t];

          for (guint l = 0; l < SW_FRF_BAND_LANES; l++)
            {
              double cr = gx - w2[l] * ga, ci = (l < nl ? w[l] : 0) * gv - w3[l] * gj;
              double complex x = ql[l][at];

              yr[l] += cr * creal (x) - ci * cimag (x);
              yi[l] += cr * cimag (x) + ci * creal (x);
            }
        }
      for (guint l = 0; l < nl; l++)
        out->ys[(gsize) k * no + j[l]] = ok[l] ? CMPLX (yr[l], yi[l]) : NAN;
    }
  for (guint b = 0; b < nb; b++)
    {
      double xr[SW_FRF_BAND_LANES] = { 0 }, xi[SW_FRF_BAND_LANES] = { 0 };

      for (guint t = out->body_start[b]; t < out->body_start[b + 1]; t++)
        {
          guint at = out->body_coord[t];
          double weight = out->body_weight[t];

          for (guint l = 0; l < SW_FRF_BAND_LANES; l++)
            {
              xr[l] += creal (ql[l][at]) * weight;
              xi[l] += cimag (ql[l][at]) * weight;
            }
        }
      for (guint l = 0; l < nl; l++)
        out->yb[(gsize) j[l] * nb + b] = ok[l] ? CMPLX (xr[l], xi[l]) : NAN;
    }
}

/* One speed's row from its orders' amplitudes, section by section: its
 * orders' magnitudes summed in order, stored side by side in the row (one
 * cache line for several, where order by order every store met another
 * line of a row 200 kB wide), and its peak from them while they are at
 * hand. */
static void
fill_row (Outputs *out, const SwForcedOptions *o, SwForcedPeak *peak, double rpm, double *row)
{
  guint ns = out->n_sections, nb = out->n_bodies, no = out->n_orders, first = o->peak ? 2 : 1;
  double *bodies = row + out->column[ns], *abs_y = out->abs_y;

  for (guint k = 0; k < ns; k++)
    {
      guint c = out->column[k];
      const double complex *y = out->ys + (gsize) k * no;
      double sum, part[4] = { 0, 0, 0, 0 }, top = NAN;

      _sw_forced_abs_many (y, abs_y, no, FALSE);
      /* Four sums in flight (one after another, each waits on the last). */
      for (guint j = 0; j < no; j++)
        part[j % 4] += abs_y[j];
      sum = (part[0] + part[1]) + (part[2] + part[3]);
      row[c] = sum;
      if (o->per_order)
        memcpy (row + c + first, abs_y, no * sizeof (double));
      if (o->peak)
        row[c + 1] = top = isfinite (sum) ? _sw_forced_peak_eval (peak, y, abs_y) : NAN;
      if (out->stress[k] > 0)
        {
          c += first + (o->per_order ? no : 0);
          row[c] = sum * out->stress[k];
          if (o->peak)
            row[c + 1] = top * out->stress[k];
          if (out->sections[k].has_limit)
            {
              const SwForcedSection *s = &out->sections[k];

              c += o->peak ? 2 : 1;
              sw_forced_stress_limits (s->uts_mpa, s->ck, s->outer_diameter_m, rpm / o->rated_rpm, &row[c],
                                       &row[c + 1]);
            }
        }
    }
  memset (bodies, 0, nb * sizeof (double));
  for (guint j = 0; j < no; j++)
    _sw_forced_abs_many (out->yb + (gsize) j * nb, bodies, nb, TRUE);
}

/* An excitation whose amplitude changes with the speed: its load per unit
 * amplitude, terms [start, end) of the VarTerm array. */
typedef struct {
  const SwForcedExcitation *e;
  guint start, end;
} VarLoad;

typedef struct {
  guint          coord;
  double complex value;
} VarTerm;

SwTrajectory *
sw_forced_compute (const SwSystem *base, const SwForcedOptions *o, GError **error)
{
  g_auto (SwLinearConfig) config = { 0 };
  const SwSystem *sys;
  g_autoptr (SwLinear) lin = NULL;
  g_autoptr (GArray) sections = NULL;
  g_autoptr (GArray) orders = NULL;
  g_autoptr (SwTrajectory) tr = NULL;
  g_autoptr (SwFrfBand) band = NULL;
  g_autoptr (SwForcedPeak) peak = NULL;
  g_autoptr (gsl_matrix_complex) A = NULL;
  g_autoptr (gsl_vector_complex) Fv = NULL;
  g_autoptr (gsl_permutation) perm = NULL;
  g_auto (Outputs) out = { 0 };
  g_autofree double complex *F = NULL, *Q = NULL, *FS = NULL;
  g_autoptr (GArray) var_loads = g_array_new (FALSE, FALSE, sizeof (VarLoad));
  g_autoptr (GArray) var_terms = g_array_new (FALSE, FALSE, sizeof (VarTerm));
  g_autofree guint *var_first = NULL;
  g_autofree double *load = NULL, *fr = NULL, *fi = NULL, *rows = NULL;
  double rpms[ROW_BLOCK];
  guint n_columns, n_block = 0;
  g_autofree guint *m = NULL;
  guint n, no, n_pairs;
  double base_order;

  g_return_val_if_fail (base != NULL && o != NULL, NULL);
  sw_init ();
  if (!check_options (base, o, error))
    return NULL;
  if (!(orders = collect_orders (o, error)))
    return NULL;
  no = orders->len;
  m = g_new (guint, no);
  if (!sw_forced_order_base ((const double *) orders->data, no, m, &base_order))
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("the orders have no common base: each must be a fraction with a denominator up to %d "
                     "(0.5, 1.5, 2)"),
                   SW_FORCED_MAX_DENOMINATOR);
      return NULL;
    }
  {
    guint m_max = 1;

    for (guint j = 0; j < no; j++)
      m_max = MAX (m_max, m[j]);
    if ((guint64) no * ((guint64) m_max + 1) > SW_FORCED_MAX_PEAK_SAMPLES)
      {
        g_set_error (error, SW_ERROR, SW_ERROR_TOO_LARGE,
                     _("%u orders up to %g on a common base of %g would need %" PRIu64 " samples of the peak; "
                       "valid: orders × (highest order / base + 1) up to %" PRIu64 " (fewer orders, or lower ones)"),
                     no, m_max * base_order, base_order, (guint64) no * ((guint64) m_max + 1),
                     SW_FORCED_MAX_PEAK_SAMPLES);
        return NULL;
      }
  }
  if (!_sw_linear_config_init (&config, base, o->at_s, o->at_state, o->friction, error))
    return NULL;
  sys = config.sys;
  n = sys->n_coords;
  if (n > SW_MODES_MAX_COORDS)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID,
                   _("the model has %u independent coordinates; a forced response handles at most %u"), n,
                   SW_MODES_MAX_COORDS);
      return NULL;
    }
  if (n == 0)
    {
      g_set_error (error, SW_ERROR, SW_ERROR_INVALID, _("the model has no free motion to respond"));
      return NULL;
    }
  if (!(lin = _sw_linear_new_config (&config, o->at_s, NULL, TRUE, error)))
    return NULL;
  if (!(sections = _sw_forced_find_sections (lin, error)) || !_sw_forced_apply_diameters (lin, sections, o, error)
      || !_sw_forced_apply_limits (lin, sections, o, error))
    return NULL;
  _sw_frf_add_losses (lin);

  /* Each order's load: sum of A e^{i phase} on its bodies' nodes, through
   * T^T (and the lossy gears), real and imaginary parts apart. */
  load = g_new0 (double, MAX (sys->n_nodes, 1));
  fr = g_new (double, n);
  fi = g_new (double, n);
  F = g_new0 (double complex, (gsize) no * n);
  for (guint j = 0; j < no; j++)
    for (int part_im = 0; part_im < 2; part_im++)
      {
        memset (load, 0, MAX (sys->n_nodes, 1) * sizeof (double));
        for (guint k = 0; k < o->n_excitations; k++)
          {
            const SwForcedExcitation *e = &o->excitations[k];
            int body = find_body (sys, (guint) _sw_forced_find_part (sys, e->part));
            double ph = e->phase_deg * G_PI / 180;

            if (same_order (e->order, g_array_index (orders, double, j)) && !excitation_varies (e))
              load[sys->bodies[body].nodes[0]] += e->amplitude * (part_im ? sin (ph) : cos (ph));
          }
        _sw_linear_effective_load (lin, load, part_im ? fi : fr);
        for (guint r = 0; r < n; r++)
          F[(gsize) j * n + r] += part_im ? CMPLX (0, fi[r]) : CMPLX (fr[r], 0);
      }
  /* An amplitude that changes with the speed: its load per unit amplitude,
   * kept sparse (a body's few coordinates), scaled at every speed. */
  var_first = g_new0 (guint, no + 1);
  for (guint j = 0; j < no; j++)
    {
      var_first[j] = var_loads->len;
      for (guint k = 0; k < o->n_excitations; k++)
        {
          const SwForcedExcitation *e = &o->excitations[k];
          int body = find_body (sys, (guint) _sw_forced_find_part (sys, e->part));
          double ph = e->phase_deg * G_PI / 180;
          VarLoad v = { .e = e, .start = var_terms->len };

          if (!excitation_varies (e) || !same_order (e->order, g_array_index (orders, double, j)))
            continue;
          memset (load, 0, MAX (sys->n_nodes, 1) * sizeof (double));
          load[sys->bodies[body].nodes[0]] = cos (ph);
          _sw_linear_effective_load (lin, load, fr);
          load[sys->bodies[body].nodes[0]] = sin (ph);
          _sw_linear_effective_load (lin, load, fi);
          for (guint r = 0; r < n; r++)
            if (fr[r] != 0 || fi[r] != 0)
              {
                VarTerm t = { r, CMPLX (fr[r], fi[r]) };

                g_array_append_val (var_terms, t);
              }
          v.end = var_terms->len;
          g_array_append_val (var_loads, v);
        }
    }
  var_first[no] = var_loads->len;

  {
    /* Every value is kept: refuse a table larger than memory allows. */
    guint64 columns = (guint64) sections->len * (2 + (o->per_order ? no : 0) + 2) + sys->n_bodies;

    for (guint k = 0; k < sections->len; k++)
      columns += g_array_index (sections, SwForcedSection, k).has_limit ? 2 : 0;
    guint64 bytes = columns * o->n_speeds * sizeof (double);

    if (bytes > SW_FORCED_MAX_BYTES)
      {
        g_autofree char *need = g_format_size (bytes);
        g_autofree char *limit = g_format_size (SW_FORCED_MAX_BYTES);

        g_set_error (error, SW_ERROR, SW_ERROR_TOO_LARGE,
                     _("%u speeds × %" PRIu64 " columns would keep %s; valid: at most %s (fewer speeds, "
                       "or without the columns per order)"),
                     o->n_speeds, columns, need, limit);
        return NULL;
      }
  }
  tr = new_table (sys, sections, orders, o);
  peak = _sw_forced_peak_new (m, no);
  n_columns = sw_trajectory_get_n_columns (tr);
  rows = g_new0 (double, (gsize) ROW_BLOCK * MAX (n_columns, 1));
  outputs_init (&out, sys, sections, no, o);
  g_assert (out.column[sections->len] + sys->n_bodies == n_columns);
  Q = g_new (double complex, (gsize) n * SW_FRF_BAND_LANES);
  if (var_loads->len > 0)
    FS = g_new (double complex, (gsize) n * SW_FRF_BAND_LANES);
  band = _sw_frf_band_new (lin->K, lin->D, lin->M);
  if (band == NULL)
    {
      A = gsl_matrix_complex_alloc (n, n);
      Fv = gsl_vector_complex_alloc (n);
      perm = gsl_permutation_alloc (n);
    }

  /* The (speed, order) pairs in order, SW_FRF_BAND_LANES at a time; a
   * speed's row is made when its last order is solved. */
  n_pairs = o->n_speeds * no;
  for (guint p0 = 0; p0 < n_pairs; p0 += SW_FRF_BAND_LANES)
    {
      guint nw = MIN (SW_FRF_BAND_LANES, n_pairs - p0);
      double w[SW_FRF_BAND_LANES];
      gboolean ok[SW_FRF_BAND_LANES];
      const double complex *FL[SW_FRF_BAND_LANES];

      for (guint l = 0; l < nw; l++)
        {
          guint speed = (p0 + l) / no, j = (p0 + l) % no;
          double rpm = o->from_rpm + (o->to_rpm - o->from_rpm) * speed / (o->n_speeds - 1);

          w[l] = g_array_index (orders, double, j) * 2 * G_PI * rpm / 60;
          FL[l] = F + (gsize) j * n;
          if (var_first[j + 1] > var_first[j])
            {
              double complex *fs = FS + (gsize) l * n;

              memcpy (fs, FL[l], n * sizeof (double complex));
              for (guint v = var_first[j]; v < var_first[j + 1]; v++)
                {
                  const VarLoad *vl = &g_array_index (var_loads, VarLoad, v);
                  double a = sw_forced_excitation_amplitude (vl->e, rpm);

                  for (guint t = vl->start; t < vl->end; t++)
                    fs[g_array_index (var_terms, VarTerm, t).coord] += a * g_array_index (var_terms, VarTerm, t).value;
                }
              FL[l] = fs;
            }
        }
      if (band != NULL)
        _sw_frf_band_solve_complex (band, nw, w, FL, Q, ok);
      else
        for (guint l = 0; l < nw; l++)
          {
            for (guint r = 0; r < n; r++)
              gsl_vector_complex_set (Fv, r, gsl_complex_rect (creal (FL[l][r]), cimag (FL[l][r])));
            ok[l] = _sw_frf_dense_solve (lin, w[l], A, perm, Fv, Q + (gsize) l * n);
          }
      /* The lanes in groups up to a speed's last order (whose row is
       * then made: the next speed's orders overwrite its amplitudes). */
      for (guint l0 = 0, l1; l0 < nw; l0 = l1)
        {
          guint js[SW_FRF_BAND_LANES] = { 0 }, speed = (p0 + l0) / no;
          const double complex *qs[SW_FRF_BAND_LANES] = { Q, Q, Q, Q }; /* 4 lanes */

          for (l1 = l0; l1 < nw; l1++)
            {
              js[l1 - l0] = (p0 + l1) % no;
              qs[l1 - l0] = Q + (gsize) l1 * n;
              if (js[l1 - l0] == no - 1)
                {
                  l1++;
                  break;
                }
            }
          outputs_solved (&out, l1 - l0, js, w + l0, ok + l0, qs);
          if (js[l1 - l0 - 1] == no - 1)
            {
              rpms[n_block] = o->from_rpm + (o->to_rpm - o->from_rpm) * speed / (o->n_speeds - 1);
              fill_row (&out, o, peak, rpms[n_block], rows + (gsize) n_block * n_columns);
              if (++n_block == ROW_BLOCK || speed == o->n_speeds - 1)
                {
                  sw_trajectory_append_rows (tr, n_block, rpms, rows);
                  n_block = 0;
                }
            }
        }
    }
  return g_steal_pointer (&tr);
}
