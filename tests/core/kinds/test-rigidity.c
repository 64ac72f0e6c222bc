/* test-rigidity.c: Twin Builder's rigidity (rotational.rigidity,
 * translational.rigidity; seed-000 §3.8, §3.13): every stiffness and
 * friction law against the manual's formula at sample points of both signs,
 * the backlash and 2nd step areas and their transitions (continuous on both
 * sides of every limit; the manual's jumps when asked for), the energy
 * against a quadrature of the torque, the modal analysis's tangent
 * stiffness, the energy balance of an inertia on a rigidity, and the
 * digest's §5.7 stepped spring package (data/examples/stepped-spring.shaft).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-modes.h"
#include "sw-part.h"
#include "sw-system.h"
#include "sw-test-files.h"
#include "sw-test-run.h"

/* ---- A part evaluated by hand --------------------------------------------- */

/* A rigidity between node 0 (ROT1) and node 1 (ROT2) with the kind's
 * defaults; evaluated with ROT2 at rest at 0, so DPHI = x + DPHI0. */
static void
part_init (SwPart *p, const char *kind_name)
{
  const SwKind *kind = sw_catalog_lookup (kind_name);

  g_assert_nonnull (kind);
  memset (p, 0, sizeof *p);
  p->kind = kind;
  p->id = "stf";
  p->param = g_new0 (double, kind->n_params);
  p->signal = g_new0 (SwSignal *, kind->n_params);
  p->table = g_new0 (SwTable *, kind->n_params);
  p->function = g_new0 (SwFunction *, kind->n_params);
  p->node = g_new0 (guint, SW_PART_MAX_NODES);
  p->node[0] = 0;
  p->node[1] = 1;
  for (guint i = 0; i < kind->n_params; i++)
    {
      const SwParamDesc *d = &kind->params[i];

      p->param[i] = d->default_value;
      if (d->type == SW_PARAM_TABLE)
        p->table[i] = sw_table_new (d->table->n_default_rows, d->table->n_columns, d->table->default_rows);
      else if (d->type == SW_PARAM_SIGNAL)
        p->signal[i] = sw_signal_new_constant (d->default_value);
    }
}

static void
part_clear (SwPart *p)
{
  for (guint i = 0; i < p->kind->n_params; i++)
    {
      g_clear_pointer (&p->table[i], sw_table_unref);
      g_clear_pointer (&p->signal[i], sw_signal_unref);
    }
  g_free (p->param);
  g_free (p->signal);
  g_free (p->table);
  g_free (p->function);
  g_free (p->node);
}

static int
param_index (const SwPart *p, const char *name)
{
  int i = sw_kind_find_param (p->kind, name);

  g_assert_cmpint (i, >=, 0);
  return i;
}

static void
set (SwPart *p, const char *name, double value)
{
  p->param[param_index (p, name)] = value;
}

static void
set_table (SwPart *p, const char *name, guint n_rows, const double *rows)
{
  int i = param_index (p, name);

  sw_table_unref (p->table[i]);
  p->table[i] = sw_table_new (n_rows, 2, rows);
}

/* Variable name at x (the position of ROT1), speed w of ROT1, time t. */
static double
var_at (const SwPart *p, double x, double w, double t, const char *name)
{
  double xs[2] = { x, 0 }, vs[2] = { w, 0 }, as[2] = { 0, 0 }, out[32];
  SwState s = { .t = t, .x = xs, .v = vs, .a = as };
  int k = sw_kind_find_var (p->kind, name);

  g_assert_cmpint (k, >=, 0);
  p->kind->variables (p, &s, out);
  return out[k];
}

/* The forces on ROT1 and ROT2. */
static void
forces_at (const SwPart *p, double x, double w, double t, double *f)
{
  double xs[2] = { x, 0 }, vs[2] = { w, 0 }, as[2] = { 0, 0 };
  SwState s = { .t = t, .x = xs, .v = vs, .a = as };

  f[0] = f[1] = 0;
  p->kind->forces (p, &s, f);
}

static void
assert_close (double value, double expected, double rel)
{
  g_assert_cmpfloat_with_epsilon (value, expected, rel * (1e-300 + fabs (expected)) + 1e-15);
}

/* The integral of MSTF (FSTF) from 0 to x: 3-point Gauss-Legendre on 20 000
 * pieces between the area limits (where the manual's laws jump), which it
 * never evaluates at. */
static double
quadrature (const SwPart *p, double x, const char *torque)
{
  const char *limits[] = { "DPHISTPL", "DPHIBKLL", "DPHIBKLU", "DPHISTPU", "DSSTPL", "DSBKLL", "DSBKLU", "DSSTPU" };
  const double g = sqrt (0.6), wg[3] = { 5.0 / 9, 8.0 / 9, 5.0 / 9 }, ng[3] = { -g, 0, g };
  double cuts[6] = { 0 }, sum = 0;
  guint n = 1;

  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    {
      int k = sw_kind_find_param (p->kind, limits[i]);
      double b = k >= 0 ? p->param[k] : 0;

      if (b != 0 && fabs (b) < fabs (x) && b * x > 0)
        cuts[n++] = b;
    }
  cuts[n++] = x;
  /* In order from 0 towards x. */
  for (guint i = 1; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      if (fabs (cuts[j]) < fabs (cuts[i]))
        {
          double tmp = cuts[i];

          cuts[i] = cuts[j];
          cuts[j] = tmp;
        }
  for (guint seg = 0; seg + 1 < n; seg++)
    {
      const guint pieces = 20000;
      double a = cuts[seg], h = (cuts[seg + 1] - a) / pieces;

      for (guint i = 0; i < pieces; i++)
        for (guint k = 0; k < 3; k++)
          sum += 0.5 * h * wg[k] * var_at (p, a + (i + 0.5 + 0.5 * ng[k]) * h, 0, 0, torque);
    }
  return sum;
}

static const double xs[] = { 1e-3, -1e-3, 0.02, -0.02, 0.3, -0.3, 1.1, -1.1 };
static const double ws[] = { 0.5, -0.5, 3, -3, 40, -40 };

/* ---- The laws -------------------------------------------------------------- */

static double
sgn (double x)
{
  return x > 0 ? 1 : x < 0 ? -1 : 0;
}

/* Each rigidity law alone, rotational and translational, at x of both
 * signs: the printed formula, the energy against the quadrature, DM = MSTF
 * without friction, -DM on ROT1 and +DM on ROT2. */
static void
test_stiffness_laws (void)
{
  const char *kinds[] = { "rotational.rigidity", "translational.rigidity" };
  const char *torque[] = { "MSTF", "FSTF" }, *dm[] = { "DM", "DF" };
  const char *pol[] = { "MSTFPOL", "FSTFPOL" }, *pgr[] = { "MSTFPGR", "FSTFPGR" }, *dgr[] = { "MSTFDGR", "FSTFDGR" };
  const double C = 2500, CPGR = 7, CDGR = 40, CMUL = 3e4, CEXP = 2.5;

  for (guint k = 0; k < 2; k++)
    for (guint law = 0; law < 4; law++)
      {
        SwPart p;

        part_init (&p, kinds[k]);
        set (&p, "C", C);
        if (law == 1)
          set (&p, "CPGR", CPGR);
        else if (law == 2)
          set (&p, "CDGR", CDGR);
        else if (law == 3)
          {
            set (&p, "CMUL", CMUL);
            set (&p, "CEXP", CEXP);
          }
        for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
          {
            double x = xs[i], expected, f[2];
            const char *law_var = law == 1 ? pgr[k] : law == 2 ? dgr[k] : law == 3 ? pol[k] : NULL;

            expected = law == 0   ? C * x
                       : law == 1 ? C / CPGR * sinh (CPGR * x)
                       : law == 2 ? C / CDGR * asinh (CDGR * x)
                                  : C * x + CMUL * pow (fabs (x), CEXP) * sgn (x);
            assert_close (var_at (&p, x, 0, 0, torque[k]), expected, 1e-14);
            assert_close (var_at (&p, x, 0, 0, dm[k]), expected, 1e-14);
            if (law_var != NULL)
              assert_close (var_at (&p, x, 0, 0, law_var), expected, 1e-14);
            g_assert_cmpfloat (var_at (&p, x, 0, 0, "area"), ==, x > 0 ? 1 : -1);
            forces_at (&p, x, 0, 0, f);
            assert_close (f[0], -expected, 1e-14);
            assert_close (f[1], expected, 1e-14);
            if (fabs (x) < 1)
              assert_close (var_at (&p, x, 0, 0, "energy"), quadrature (&p, x, torque[k]), 1e-9);
          }
        part_clear (&p);
      }
}

/* The characteristic rigidity: KSTFCH × the table at x, both signs as
 * given, its first value below it and extrapolated beyond it; added to the
 * linear law; the energy against the quadrature. */
static void
test_characteristic_rigidity (void)
{
  static const double rows[] = { -0.1, -50, 0, 0, 0.05, 10, 0.1, 40 };
  static const double at[][2] = { { -0.2, -50 }, { -0.05, -25 }, { 0.025, 5 }, { 0.075, 25 }, { 0.15, 70 } };
  SwPart p;

  part_init (&p, "rotational.rigidity");
  set (&p, "C", 100);
  set (&p, "KSTFCH", 2);
  set_table (&p, "MSTFCH", 4, rows);
  for (guint i = 0; i < G_N_ELEMENTS (at); i++)
    {
      double x = at[i][0];

      assert_close (var_at (&p, x, 0, 0, "MSTFCH_VAL"), 2 * at[i][1], 1e-13);
      assert_close (var_at (&p, x, 0, 0, "MSTF"), 100 * x + 2 * at[i][1], 1e-13);
      assert_close (var_at (&p, x, 0, 0, "energy"), quadrature (&p, x, "MSTF"), 1e-9);
    }
  part_clear (&p);
}

/* Each friction law alone at w of both signs (and x of both signs for the
 * position-dependent coefficient): the printed formula (degressive with
 * asinh), MFRC the sum of the viscous law and the added ones, lossPower =
 * MFRC × DOMEGA >= 0. Then the §5.6 combination KMUL + KVSCMUL + KDGR. */
static void
test_friction_laws (void)
{
  const double KVSC = 0.8, KPGR = 0.3, KDGR = 2, KMUL = 0.05, KEXP = 1.7, KVSCMUL = 30, KVSCEXP = 1.5, KFRCCH = 3;
  static const double rows[] = { 0, 1, 10, 3 };   /* 1 + w/5 up to 10, extrapolated */

  for (guint law = 0; law < 6; law++)
    {
      SwPart p;

      part_init (&p, law % 2 == 0 ? "rotational.rigidity" : "translational.rigidity");
      set (&p, "KVSC", KVSC);
      switch (law)
        {
        case 1:
          set (&p, "KPGR", KPGR);
          break;
        case 2:
          set (&p, "KDGR", KDGR);
          break;
        case 3:
          set (&p, "KMUL", KMUL);
          set (&p, "KEXP", KEXP);
          break;
        case 4:
          set (&p, "KVSCMUL", KVSCMUL);
          set (&p, "KVSCEXP", KVSCEXP);
          break;
        default:
          set (&p, law == 5 ? "KFRCCCH" : "KFRCCH", KFRCCH);
          set_table (&p, law == 5 ? "FFRCCH" : "MFRCCH", 2, rows);
          break;
        }
      for (guint i = 0; i < G_N_ELEMENTS (ws); i++)
        for (guint j = 0; j < 2; j++)
          {
            double w = ws[i], x = j == 0 ? 0.04 : -0.04, k = KVSC, expected;
            const char *frc = law % 2 == 0 ? "MFRC" : "FFRC";

            if (law == 4)
              k += KVSCMUL * pow (fabs (x), KVSCEXP);
            expected = law == 1   ? KVSC / KPGR * sinh (KPGR * w)
                       : law == 2 ? KVSC / KDGR * asinh (KDGR * w)
                       : law == 3 ? KVSC * w + KMUL * pow (fabs (w), KEXP) * sgn (w)
                       : law == 5 || law == 0 ? KVSC * w + KFRCCH * sgn (w) * (1 + fabs (w) / 5)
                                  : k * w;
            assert_close (var_at (&p, x, w, 0, frc), expected, 1e-14);
            assert_close (var_at (&p, x, w, 0, "KVSCRES"), k, 1e-14);
            assert_close (var_at (&p, x, w, 0, law % 2 == 0 ? "MVSC" : "FVSC"), k * w, 1e-14);
            if (law == 1)
              assert_close (var_at (&p, x, w, 0, "FFRCPGR"), expected, 1e-14);
            else if (law == 2)
              assert_close (var_at (&p, x, w, 0, "MFRCDGR"), expected, 1e-14);
            else if (law == 3)
              assert_close (var_at (&p, x, w, 0, "FFRCPOL"), expected - KVSC * w, 1e-14);
            else if (law == 4)
              assert_close (var_at (&p, x, w, 0, "KVSCPOL"), k - KVSC, 1e-14);
            assert_close (var_at (&p, x, w, 0, "lossPower"), expected * w, 1e-14);
            g_assert_cmpfloat (var_at (&p, x, w, 0, "lossPower"), >, 0);
            /* No rigidity: DM is the friction alone, power all lost. */
            assert_close (var_at (&p, x, w, 0, law % 2 == 0 ? "DM" : "DF"), expected, 1e-14);
            assert_close (var_at (&p, x, w, 0, "power"), expected * w, 1e-14);
          }
      part_clear (&p);
    }

  /* The velocity source example's rigidity (§5.6): KVSC 0.25, KMUL 1,
   * KEXP 5, KVSCMUL 100, KVSCEXP 3, KDGR 10 at once. */
  {
    SwPart p;

    part_init (&p, "rotational.rigidity");
    set (&p, "C", 20000);
    set (&p, "KVSC", 0.25);
    set (&p, "KMUL", 1);
    set (&p, "KEXP", 5);
    set (&p, "KVSCMUL", 100);
    set (&p, "KVSCEXP", 3);
    set (&p, "KDGR", 10);
    for (guint i = 0; i < G_N_ELEMENTS (ws); i++)
      for (guint j = 0; j < G_N_ELEMENTS (xs); j++)
        {
          double w = ws[i], x = xs[j], k = 0.25 + 100 * pow (fabs (x), 3);
          double expected = k / 10 * asinh (10 * w) + pow (fabs (w), 5) * sgn (w);

          assert_close (var_at (&p, x, w, 0, "MFRC"), expected, 1e-14);
          assert_close (var_at (&p, x, w, 0, "DM"), 20000 * x + expected, 1e-14);
        }
    part_clear (&p);
  }
}

/* ---- Areas ----------------------------------------------------------------- */

/* Backlash (-2e-3, 3e-3) with CBKL 100, normal areas with progressive
 * rigidity (C 5000, CPGR 50), 2nd step beyond (-0.02, 0.025) with CSTP
 * 40000. Continuous: each area's law from the end of the one before, the
 * torque equal on both sides of every limit; the manual's formulas
 * (continuous off) inside each area, jumping at the limits. */
static void
test_areas (void)
{
  const double bl = -2e-3, bu = 3e-3, sl = -0.02, su = 0.025, C = 5000, CPGR = 50, CBKL = 100, CSTP = 40000;
  const double limits[] = { sl, bl, bu, su };
  SwPart p;

  part_init (&p, "rotational.rigidity");
  set (&p, "C", C);
  set (&p, "CPGR", CPGR);
  set (&p, "DPHIBKLL", bl);
  set (&p, "DPHIBKLU", bu);
  set (&p, "CBKL", CBKL);
  set (&p, "DPHISTPL", sl);
  set (&p, "DPHISTPU", su);
  set (&p, "CSTP", CSTP);

  for (guint literal = 0; literal < 2; literal++)
    {
      set (&p, "continuous", !literal);
      for (double x = -0.05; x <= 0.05; x += 0.0007)
        {
          double e = x > 0 ? bu : bl, s = x > 0 ? su : sl, expected;
          int area = bl < x && x < bu ? 0 : x >= su ? 2 : x <= sl ? -2 : x > 0 ? 1 : -1;
          double normal_end = CBKL * e + C / CPGR * sinh (CPGR * (s - e));

          if (literal)
            expected = area == 0 ? CBKL * x : abs (area) == 1 ? C / CPGR * sinh (CPGR * x) : CSTP * x;
          else
            expected = area == 0        ? CBKL * x
                       : abs (area) == 1 ? CBKL * e + C / CPGR * sinh (CPGR * (x - e))
                                         : normal_end + CSTP * (x - s);
          g_assert_cmpfloat (var_at (&p, x, 0, 0, "area"), ==, area);
          assert_close (var_at (&p, x, 0, 0, "MSTF"), expected, 1e-13);
          assert_close (var_at (&p, x, 0, 0, "MSTFBKL"), area == 0 ? expected : 0, 1e-13);
          assert_close (var_at (&p, x, 0, 0, "MSTFPGR"), abs (area) == 1 ? expected : 0, 1e-13);
          assert_close (var_at (&p, x, 0, 0, "MSTFSTP"), abs (area) == 2 ? expected : 0, 1e-13);
          assert_close (var_at (&p, x, 0, 0, "energy"), quadrature (&p, x, "MSTF"), 1e-7);
        }
      /* Both sides of each limit. */
      for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
        {
          double b = limits[i], d = 1e-12;
          double left = var_at (&p, b - d, 0, 0, "MSTF"), right = var_at (&p, b + d, 0, 0, "MSTF");
          double e = b > 0 ? bu : bl, jump;

          if (!literal)
            g_assert_cmpfloat (fabs (right - left), <=, 1e-7 * MAX (1, fabs (left)));
          else
            {
              /* The manual's laws jump: CBKL e against the progressive law at
               * the backlash limits, that against CSTP s at the steps. */
              jump = fabs (b) < 0.01 ? C / CPGR * sinh (CPGR * e) - CBKL * e
                                     : CSTP * b - C / CPGR * sinh (CPGR * b);
              assert_close (b > 0 ? right - left : left - right, jump, 1e-6);
            }
        }
    }
  part_clear (&p);
}

/* The viscous coefficient in the areas: abrupt (KBKL inside the backlash,
 * KSTP beyond the steps, KVSC between) and smooth (KBKLEXP, KSTPEXP: the
 * printed exp law, equal on both sides of every limit), both with the
 * position polynomial added; KVSCBKL, KVSCSTP and KVSCRES, and MFRCBKL,
 * MFRCSTP = the coefficient × DOMEGA. */
static void
test_damping_transitions (void)
{
  const double bl = -1e-3, bu = 2e-3, sl = -0.01, su = 0.012, KVSC = 2, KBKL = 0.1, KSTP = 9;
  const double KVSCMUL = 50, KVSCEXP = 1.2, w = -1.5;
  const double limits[] = { sl, bl, bu, su };
  SwPart p;

  part_init (&p, "translational.rigidity");
  set (&p, "C", 1e4);
  set (&p, "KVSC", KVSC);
  set (&p, "DSBKLL", bl);
  set (&p, "DSBKLU", bu);
  set (&p, "KBKL", KBKL);
  set (&p, "DSSTPL", sl);
  set (&p, "DSSTPU", su);
  set (&p, "CSTP", 1e5);
  set (&p, "KSTP", KSTP);
  set (&p, "KVSCMUL", KVSCMUL);
  set (&p, "KVSCEXP", KVSCEXP);

  for (guint smooth = 0; smooth < 2; smooth++)
    {
      const double bexp = 4, bcnd = 1.5, sexp = 8, scnd = 0.7;

      set (&p, "KBKLEXP", smooth ? bexp : 0);
      set (&p, "KBKLCND", smooth ? bcnd : 1);
      set (&p, "KSTPEXP", smooth ? sexp : 0);
      set (&p, "KSTPCND", smooth ? scnd : 1);
      for (double x = -0.02; x <= 0.02; x += 1.3e-4)
        {
          double kb, ks, res;

          if (smooth)
            {
              double hb = (bu - bl) / 2, hs = (su - sl) / 2;
              double zb = (x - (bu - hb)) / (sqrt (bcnd) * hb), zs = (x - (su - hs)) / (sqrt (scnd) * hs);

              kb = KVSC - (KVSC - KBKL) * exp (-pow (fabs (zb), bexp));
              ks = KSTP - (KSTP - KVSC) * exp (-pow (fabs (zs), sexp));
            }
          else
            {
              kb = bl < x && x < bu ? KBKL : KVSC;
              ks = sl < x && x < su ? KVSC : KSTP;
            }
          res = kb + ks - KVSC + KVSCMUL * pow (fabs (x), KVSCEXP);
          assert_close (var_at (&p, x, w, 0, "KVSCBKL"), kb, 1e-13);
          assert_close (var_at (&p, x, w, 0, "KVSCSTP"), ks, 1e-13);
          assert_close (var_at (&p, x, w, 0, "KVSCRES"), res, 1e-13);
          assert_close (var_at (&p, x, w, 0, "FFRC"), res * w, 1e-13);
          assert_close (var_at (&p, x, w, 0, "FFRCBKL"), kb * w, 1e-13);
          assert_close (var_at (&p, x, w, 0, "FFRCSTP"), ks * w, 1e-13);
          if (!smooth)
            /* In each area its own coefficient (and the polynomial). */
            assert_close (res - KVSCMUL * pow (fabs (x), KVSCEXP),
                          bl < x && x < bu ? KBKL : x > sl && x < su ? KVSC : KSTP, 1e-13);
        }
      for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
        {
          double b = limits[i], d = 1e-12;
          double left = var_at (&p, b - d, w, 0, "KVSCRES"), right = var_at (&p, b + d, w, 0, "KVSCRES");

          if (smooth)
            g_assert_cmpfloat (fabs (right - left), <=, 1e-7);
          else
            /* Abrupt: the coefficient jumps by KVSC - KBKL or KSTP - KVSC. */
            g_assert_cmpfloat_with_epsilon (fabs (right - left), fabs (b) < 5e-3 ? KVSC - KBKL : KSTP - KVSC, 1e-6);
        }
    }
  part_clear (&p);
}

/* The external difference torque KEXT × MEXT (t) adds to DM; DPHI0 shifts
 * the deflection; the potential energy's rate + lossPower + the external
 * torque's power = power. */
static void
test_external_and_prestretch (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) node = json_from_string ("{\"sine\": {\"amplitude\": 3, \"freq_hz\": 2}}", &error);
  SwPart p;
  int ext;

  g_assert_no_error (error);
  part_init (&p, "rotational.rigidity");
  ext = param_index (&p, "MEXT");
  sw_signal_unref (p.signal[ext]);
  p.signal[ext] = sw_signal_new_from_json (node, &error);
  g_assert_no_error (error);
  set (&p, "KEXT", -0.5);
  set (&p, "C", 300);
  set (&p, "KVSC", 4);
  set (&p, "DPHI0", 0.01);
  for (double t = 0; t < 1; t += 0.07)
    for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
      {
        double x = xs[i], w = 0.3 * x, mext = -0.5 * 3 * sin (2 * G_PI * 2 * t), h = 1e-6, rate;
        double dm = 300 * (x + 0.01) + 4 * w + mext, f[2];

        assert_close (var_at (&p, x, w, t, "MEXT_VAL"), mext, 1e-12);
        assert_close (var_at (&p, x, w, t, "DPHI"), x + 0.01, 1e-15);
        assert_close (var_at (&p, x, w, t, "DM"), dm, 1e-12);
        forces_at (&p, x, w, t, f);
        assert_close (f[0], -dm, 1e-12);
        assert_close (f[1], dm, 1e-12);
        /* d energy / dt = MSTF w. */
        rate = (var_at (&p, x + h * w, w, t, "energy") - var_at (&p, x - h * w, w, t, "energy")) / (2 * h);
        assert_close (var_at (&p, x, w, t, "power") - var_at (&p, x, w, t, "lossPower") - mext * w, rate, 1e-6);
      }
  part_clear (&p);
}

/* Laws that exclude each other, and a backlash outside the step, are
 * refused with the parameters named. */
static void
test_refused (void)
{
  const char *cases[][2] = {
    { "\"CPGR\": 1, \"CMUL\": 2", "CMUL" },
    { "\"KPGR\": 1, \"KDGR\": 2", "KDGR" },
    { "\"DPHIBKLU\": 0.01, \"DPHISTPU\": 0.005", "backlash" },
    { "\"CEXP\": -1", "CEXP" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *text = g_strdup_printf (
        "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
        "{\"id\": \"Stf1\", \"kind\": \"rotational.rigidity\", \"params\": {%s}}], \"connections\": []}",
        cases[i][0]);
      g_autoptr (SwModel) model = sw_model_new_from_data (text, -1, "refused.shaft", &error);

      g_assert_null (model);
      g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, cases[i][1]));
    }
}

/* ---- Models ---------------------------------------------------------------- */

static SwModel *
model_from (const char *text)
{
  g_autoptr (GError) error = NULL;
  SwModel *model = sw_model_new_from_data (text, -1, "rigidity.shaft", &error);

  g_assert_no_error (error);
  return model;
}

static SwModes *
modes_of (SwModel *model)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwSystem) sys = sw_model_assemble (model, &error);
  SwModes *modes;

  g_assert_no_error (error);
  modes = sw_modes_compute (sys, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sw_modes_get_n_modes (modes), ==, 1);
  return modes;
}

/* A body on a rigidity to the ground, pre-stretched by DPHI0 (DS0): the
 * modal analysis's frequency is sqrt (tangent / J) with the tangent of the
 * law there: C cosh (CPGR x) progressive, C / sqrt (1 + (CDGR x)^2)
 * degressive, C + CMUL CEXP x^(CEXP-1) polynomial, CSTP in the step; its
 * damping ratio KVSC / (2 sqrt (K J)). */
static void
test_modes (void)
{
  static const struct {
    const char *kind, *params;
    double x, J, K, d;
  } cases[] = {
    { "rotational.rigidity", "\"C\": 1e4, \"CPGR\": 20, \"KVSC\": 2, \"DPHI0\": 0.05", 0.05, 2, 0, 2 },
    { "translational.rigidity", "\"C\": 1e4, \"CDGR\": 30, \"KVSC\": 1, \"DS0\": -0.04", -0.04, 0.5, 0, 1 },
    { "rotational.rigidity", "\"C\": 1e3, \"CMUL\": 1e5, \"CEXP\": 3, \"DPHI0\": -0.02", -0.02, 2, 0, 0 },
    { "rotational.rigidity", "\"C\": 1e3, \"DPHISTPU\": 0.01, \"DPHISTPL\": -0.01, \"CSTP\": 8e4, \"KSTP\": 3, "
                             "\"KVSC\": 1, \"DPHI0\": 0.02", 0.02, 2, 8e4, 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gboolean rot = g_str_has_prefix (cases[i].kind, "rotational");
      g_autofree char *text = g_strdup_printf (
        "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
        "{\"id\": \"GND1\", \"kind\": \"%s.fixed\"},"
        "{\"id\": \"Stf1\", \"kind\": \"%s\", \"params\": {%s}},"
        "{\"id\": \"Mas1\", \"kind\": \"%s\", \"params\": {\"%s\": %g}}],"
        "\"connections\": [{\"from\": \"GND1.flange\", \"to\": \"Stf1.%s\"},"
        "{\"from\": \"Stf1.%s\", \"to\": \"Mas1.flange_a\"}]}",
        rot ? "rotational" : "translational", cases[i].kind, cases[i].params,
        rot ? "rotational.inertia" : "translational.mass", rot ? "J" : "m", cases[i].J, rot ? "ROT1" : "TR1",
        rot ? "ROT2" : "TR2");
      g_autoptr (SwModel) model = model_from (text);
      g_autoptr (SwModes) modes = modes_of (model);
      const SwMode *m = sw_modes_get_mode (modes, 0);
      double x = cases[i].x, K = cases[i].K;

      if (i == 0)
        K = 1e4 * cosh (20 * x);
      else if (i == 1)
        K = 1e4 / sqrt (1 + 900 * x * x);
      else if (i == 2)
        K = 1e3 + 1e5 * 3 * x * x;
      assert_close (m->omega_rad_s, sqrt (K / cases[i].J), 1e-6);
      if (cases[i].d > 0)
        assert_close (m->damping_ratio, cases[i].d / (2 * sqrt (K * cases[i].J)), 1e-5);
      g_assert_cmpfloat (m->energy_balance_error, <, 1e-8);
    }
}

/* An inertia (J 0.5, w0 12) swinging on a rigidity with every kind of law
 * at once (progressive rigidity, backlash and 2nd step with smooth damping
 * changes, a rigidity characteristic, degressive + polynomial +
 * characteristic friction, position-dependent damping): kinetic energy +
 * the rigidity's energy + the integral of lossPower (trapezoid on rows
 * 50 us apart) stays the initial kinetic energy within 1e-7; lossPower is
 * never negative. (Abrupt damping changes make lossPower jump, and the
 * trapezoid across a jump is off by 6e-6.) */
static void
test_energy_balance (void)
{
  static const char text[] =
    "{\"format\": \"shaftwork-model\", \"version\": 1, \"components\": ["
    "{\"id\": \"GND1\", \"kind\": \"rotational.fixed\"},"
    "{\"id\": \"Stf1\", \"kind\": \"rotational.rigidity\", \"params\": {\"C\": 200, \"CPGR\": 3, \"KVSC\": 0.05,"
    " \"KDGR\": 4, \"KMUL\": 0.01, \"KEXP\": 2, \"KVSCMUL\": 0.2, \"KVSCEXP\": 2, \"DPHIBKLU\": 0.1,"
    " \"DPHIBKLL\": -0.05, \"CBKL\": 20, \"KBKL\": 0.01, \"KBKLEXP\": 4, \"DPHISTPU\": 0.4, \"DPHISTPL\": -0.3,"
    " \"CSTP\": 2000, \"KSTP\": 0.2, \"KSTPEXP\": 6, \"MSTFCH\": [[-1, -5], [0, 0], [1, 8]], \"KSTFCH\": 1.5,"
    " \"MFRCCH\": [[0, 0.01], [10, 0.05]]}},"
    "{\"id\": \"Mas1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 0.5, \"phi0\": 0, \"w0\": 12}}],"
    "\"connections\": [{\"from\": \"GND1.flange\", \"to\": \"Stf1.ROT1\"},"
    "{\"from\": \"Stf1.ROT2\", \"to\": \"Mas1.flange_a\"}],"
    "\"simulation\": {\"stop_time\": 6, \"output_interval\": 0.001, \"tolerance\": 1e-8}}";
  g_autoptr (SwTrajectory) tr = sw_test_run_text (text, 5e-5, 1e-11);
  const double *t = sw_trajectory_get_times (tr), *w = sw_test_column (tr, "Mas1.w");
  const double *energy = sw_test_column (tr, "Stf1.energy"), *loss = sw_test_column (tr, "Stf1.lossPower");
  const double *area = sw_test_column (tr, "Stf1.area");
  double e0 = 0.5 * 0.5 * 144, dissipated = 0, worst = 0;
  gboolean visited[5] = { FALSE };

  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      g_assert_cmpfloat (loss[r], >=, 0);
      if (r > 0)
        dissipated += 0.5 * (t[r] - t[r - 1]) * (loss[r] + loss[r - 1]);
      worst = MAX (worst, fabs (0.5 * 0.5 * w[r] * w[r] + energy[r] + dissipated - e0));
      visited[(int) area[r] + 2] = TRUE;
    }
  g_test_message ("energy balance off by %.3g J of %.3g J, %.3g J dissipated", worst, e0, dissipated);
  g_assert_cmpfloat (worst, <=, 1e-7 * e0);
  /* It lost a good part and swung through every area. */
  g_assert_cmpfloat (dissipated, >, 0.3 * e0);
  for (guint k = 0; k < 5; k++)
    g_assert_true (visited[k]);
}

/* The digest's §5.7: a 0.2 kg m2 body on a stepped spring package
 * (backlash ±10 urad with CBKL 1000, polynomial rigidity C 1000 + CMUL 1e8
 * DPHI^2 up to ±0.2 mrad, CSTP 40000 beyond; KVSC 0.25, KBKL 0.025, KSTP
 * 0.5), driven by 10 × a table torque. What the digest knows: w0 =
 * sqrt (1000/0.2) = 70.711 rad/s (11.254 Hz) at rest, sqrt (40000/0.2) =
 * 447.214 rad/s (71.176 Hz) in the step, D = 0.25 / (2 sqrt (1000 × 0.2))
 * = 0.008839 in the normal area; the manual's formulas give 4.2 N m
 * (polynomial) against 8 N m (CSTP DPHI) at 0.2 mrad, where the continuous
 * areas give 3.81 N m on both sides. The run holds ±10 N m long enough to
 * settle where MSTF = 10 N m: 0.2 mrad + (10 - 3.81) / 40000. */
static void
test_stepped_spring (void)
{
  g_autofree char *path = sw_test_example_path ("stepped-spring.shaft");
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_model_new_from_file (path, &error);
  int stf;

  g_assert_no_error (error);
  stf = sw_model_find_component (model, "Stf1");
  g_assert_cmpint (stf, >=, 0);

  /* Modes at rest (backlash area: CBKL, KBKL), pre-stretched into the
   * normal area (0.1 mrad: the polynomial's tangent C + 2 CMUL y from the
   * backlash's edge, y = 90 urad; KVSC, so D sqrt (K / 1000) is the
   * digest's 0.008839) and into the 2nd step (CSTP, KSTP). */
  {
    const double K_normal = 1000 + 2e8 * (1e-4 - 1e-5);
    const double at[] = { 0, 1e-4, 3e-4 }, omega[] = { 70.711, sqrt (K_normal / 0.2), 447.214 };
    const double hz[] = { 11.254, sqrt (K_normal / 0.2) / (2 * G_PI), 71.176 };
    const double D[] = { 0.025 / (2 * sqrt (200)), 0.008839 * sqrt (1000 / K_normal), 0.5 / (2 * sqrt (40000 * 0.2)) };

    for (guint i = 0; i < G_N_ELEMENTS (at); i++)
      {
        g_autoptr (SwModes) modes = NULL;
        const SwMode *m;

        g_assert_true (sw_model_set_param (model, stf, "DPHI0", at[i], &error));
        g_assert_no_error (error);
        modes = modes_of (model);
        m = sw_modes_get_mode (modes, 0);
        g_assert_cmpfloat_with_epsilon (m->omega_rad_s, omega[i], 1e-3);
        g_assert_cmpfloat_with_epsilon (m->frequency_hz, hz[i], 1e-3);
        g_assert_cmpfloat_with_epsilon (m->damping_ratio, D[i], i == 1 ? 1e-6 : 1e-9);
        g_assert_cmpfloat (m->energy_balance_error, <, 1e-8);
      }
    g_assert_true (sw_model_set_param (model, stf, "DPHI0", 0, &error));
  }

  /* The torque on both sides of the step limit, both ways. */
  {
    SwPart p;
    const double d = 1e-12;

    part_init (&p, "rotational.rigidity");
    for (guint k = 0; k < p.kind->n_params; k++)
      if (p.kind->params[k].type == SW_PARAM_REAL)
        p.param[k] = sw_model_get_component (model, stf)->param[k];
    g_assert_cmpfloat (p.param[param_index (&p, "CMUL")], ==, 1e8);
    for (int sign = -1; sign <= 1; sign += 2)
      {
        set (&p, "continuous", 0);
        assert_close (var_at (&p, sign * (2e-4 - d), 0, 0, "MSTFPOL"), sign * 4.2, 1e-6);
        assert_close (var_at (&p, sign * (2e-4 + d), 0, 0, "MSTFSTP"), sign * 8, 1e-6);
        set (&p, "continuous", 1);
        assert_close (var_at (&p, sign * (2e-4 - d), 0, 0, "MSTF"), sign * 3.81, 1e-6);
        assert_close (var_at (&p, sign * (2e-4 + d), 0, 0, "MSTF"), sign * 3.81, 1e-6);
        g_assert_cmpfloat (var_at (&p, sign * 9.9e-6, 0, 0, "area"), ==, 0);
        g_assert_cmpfloat (var_at (&p, sign * 1.01e-5, 0, 0, "area"), ==, sign);
        g_assert_cmpfloat (var_at (&p, sign * 1.99e-4, 0, 0, "area"), ==, sign);
        g_assert_cmpfloat (var_at (&p, sign * 2e-4, 0, 0, "area"), ==, 2 * sign);
      }
    part_clear (&p);
  }

  /* The run: settled at the ends of the ±10 N m holds (6 s, 14 s; DPHI =
   * -PHI of the body, as the ground is ROT1), through every area. */
  {
    g_autoptr (SwTrajectory) tr = sw_test_run_model (model, 0, 0);
    const double *t = sw_trajectory_get_times (tr), *dphi = sw_test_column (tr, "Stf1.DPHI");
    const double *mstf = sw_test_column (tr, "Stf1.MSTF"), *area = sw_test_column (tr, "Stf1.area");
    const double settled = 2e-4 + (10 - 3.81) / 40000;
    gboolean visited[5] = { FALSE };
    guint found = 0, changes = 0;
    double worst = 0;

    for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
      {
        visited[(int) area[r] + 2] = TRUE;
        /* Its damping jumps at the area limits (+-10 urad, +-0.2 mrad):
         * each crossing a located event (two rows) right at the limit. */
        if (r > 0 && area[r] != area[r - 1])
          {
            double limit = ABS (area[r]) + ABS (area[r - 1]) == 1 ? 1e-5 : 2e-4;

            g_assert_cmpfloat (t[r], ==, t[r - 1]);
            worst = MAX (worst, fabs (fabs (dphi[r]) - limit) / limit);
            changes++;
          }
        if (fabs (t[r] - 6) < 1e-9 || fabs (t[r] - 14) < 1e-9)
          {
            double sign = t[r] < 10 ? -1 : 1;

            g_assert_cmpfloat_with_epsilon (dphi[r], sign * settled, 1e-7);
            g_assert_cmpfloat_with_epsilon (mstf[r], sign * 10, 1e-3);
            found++;
          }
      }
    /* Left and right rows at the table's corners. */
    g_assert_cmpuint (found, ==, 4);
    g_test_message ("%u area changes, the deflection off the limit by %.3g of it at most", changes, worst);
    /* The instants are located to 1e-12 of the time: some 1e-11 s here. */
    g_assert_cmpfloat (worst, <=, 1e-8);
    g_assert_cmpuint (changes, >=, 8);
    for (guint k = 0; k < 5; k++)
      g_assert_true (visited[k]);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  sw_init ();
  g_test_add_func ("/core/rigidity/stiffness-laws", test_stiffness_laws);
  g_test_add_func ("/core/rigidity/characteristic-rigidity", test_characteristic_rigidity);
  g_test_add_func ("/core/rigidity/friction-laws", test_friction_laws);
  g_test_add_func ("/core/rigidity/areas", test_areas);
  g_test_add_func ("/core/rigidity/damping-transitions", test_damping_transitions);
  g_test_add_func ("/core/rigidity/external-and-prestretch", test_external_and_prestretch);
  g_test_add_func ("/core/rigidity/refused", test_refused);
  g_test_add_func ("/core/rigidity/modes", test_modes);
  g_test_add_func ("/core/rigidity/energy-balance", test_energy_balance);
  g_test_add_func ("/core/rigidity/stepped-spring", test_stepped_spring);
  return g_test_run ();
}
