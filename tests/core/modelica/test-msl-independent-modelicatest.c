/* test-msl-independent-modelicatest.c: ModelicaTest's small rotational
 * models against closed forms derived by hand: the users' guide's drive
 * trains (a sine of 1 N.m at 1 Hz on inertias behind ideal gears and
 * planetaries), models at rest, a stuck bearing, the speed sources.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "test-msl-independent-common.h"

typedef double (*Form) (double t);

typedef struct {
  const char *name;
  Form        form;
  double      tight;
} Signal;

static void
check_forms (const char *file, const Signal *signals, guint n_signals)
{
  g_autoptr (SwTrajectory) tr = msl_run ("ModelicaTest", file, 0);
  guint n = sw_trajectory_get_n_rows (tr);
  const double *t = sw_trajectory_get_times (tr);
  g_autofree double *want = g_new (double, n);

  for (guint k = 0; k < n_signals; k++)
    {
      for (guint r = 0; r < n; r++)
        want[r] = signals[k].form (t[r]);
      msl_compare (tr, signals[k].name, want, signals[k].tight);
    }
}

static double
zero (double t)
{
  return 0;
}

/* sin(2 pi t) on J: w = (1 - cos 2 pi t)/(2 pi J), phi = (t - sin(2 pi
 * t)/(2 pi))/(2 pi J). Behind a gear of 5 (or 1/5 turned round) J1 = 0.2
 * carries J2 = 5 as 5/25: J = 0.4 at the driven side, the other turns at a
 * fifth. */
static double
w_of (double t, double j)
{
  return (1 - cos (2 * G_PI * t)) / (2 * G_PI * j);
}

static double
phi_of (double t, double j)
{
  return (t - sin (2 * G_PI * t) / (2 * G_PI)) / (2 * G_PI * j);
}

static double drive_w (double t) { return w_of (t, 0.4); }
static double drive_phi (double t) { return phi_of (t, 0.4); }
static double driven_w (double t) { return w_of (t, 0.4) / 5; }
static double driven_phi (double t) { return phi_of (t, 0.4) / 5; }
static double alone_w (double t) { return w_of (t, 1); }
static double alone_phi (double t) { return phi_of (t, 1); }
static double torque_of (double t) { return sin (2 * G_PI * t); }

static void
test_simple_drive_train (void)
{
  static const Signal s[] = { { "J1.w", drive_w, 1e-5 }, { "J1.phi", drive_phi, 1e-5 },
                              { "J2.w", driven_w, 1e-5 }, { "J2.phi", driven_phi, 1e-5 },
                              { "torque.tau", torque_of, 1e-12 } };

  check_forms ("SimpleDriveTrain.mo", s, G_N_ELEMENTS (s));
}

/* Three times the drive train: gear (5) forward, gear1 (1/5) and gear2
 * (1/5) driven from flange_b: the same motion. */
static void
test_directions (void)
{
  static const Signal s[] = { { "J1.w", drive_w, 1e-5 },   { "J1.phi", drive_phi, 1e-5 },
                              { "J2.w", driven_w, 1e-5 },  { "J2.phi", driven_phi, 1e-5 },
                              { "J3.w", drive_w, 1e-5 },   { "J3.phi", drive_phi, 1e-5 },
                              { "J4.w", driven_w, 1e-5 },  { "J4.phi", driven_phi, 1e-5 },
                              { "J5.w", drive_w, 1e-5 },   { "J5.phi", drive_phi, 1e-5 },
                              { "J6.w", driven_w, 1e-5 },  { "J6.phi", driven_phi, 1e-5 } };

  check_forms ("Directions.mo", s, G_N_ELEMENTS (s));
}

/* Two inertias driven at flange_a and flange_b alike; the planetaries'
 * rings are free (no torque through them), the rest at rest. */
static void
test_directions2 (void)
{
  static const Signal s[] = { { "inertia1.w", alone_w, 1e-5 }, { "inertia1.phi", alone_phi, 1e-5 },
                              { "inertia2.w", alone_w, 1e-5 }, { "inertia2.phi", alone_phi, 1e-5 },
                              { "inertia3.w", zero, 1e-12 },   { "inertia4.w", zero, 1e-12 },
                              { "inertia5.w", zero, 1e-12 },   { "inertia6.w", zero, 1e-12 },
                              { "J2.w", zero, 1e-12 },         { "J4.w", zero, 1e-12 },
                              { "J6.w", zero, 1e-12 },         { "inertia3.phi", zero, 1e-12 } };

  check_forms ("Directions2.mo", s, G_N_ELEMENTS (s));
}

static void
test_at_rest (void)
{
  static const Signal d3[] = { { "J1.phi", zero, 1e-12 }, { "J1.w", zero, 1e-12 }, { "J2.w", zero, 1e-12 },
                               { "J3.w", zero, 1e-12 },   { "J4.phi", zero, 1e-12 } };
  static const Signal cp[] = { { "inertia1.w", zero, 1e-12 }, { "inertia2.phi", zero, 1e-12 },
                               { "inertia3.w", zero, 1e-12 }, { "inertia4.w", zero, 1e-12 },
                               { "spring1.phi_rel", zero, 1e-12 }, { "spring2.phi_rel", zero, 1e-12 } };

  check_forms ("Directions3.mo", d3, G_N_ELEMENTS (d3));
  check_forms ("ConnectionPossibilities.mo", cp, G_N_ELEMENTS (cp));
}

/* SupportTorque1: sin(2 pi t) through a gear of 1 against a
 * BearingFriction of 1 N.m (peak 1): it never exceeds the limit, so all
 * stays at rest and the bearing holds the whole torque. */
static void
test_support_torque1 (void)
{
  static const Signal s[] = { { "inertia3.w", zero, 1e-12 },          { "inertia3.phi", zero, 1e-12 },
                              { "inertia4.w", zero, 1e-12 },          { "bearingFriction1.tau", torque_of, 1e-9 },
                              { "bearingFriction1.mode", zero, 1e-12 }, { "idealGear2.support.tau", zero, 1e-9 } };

  check_forms ("SupportTorque1.mo", s, G_N_ELEMENTS (s));
}

/* TestSpeed: speed1 and speed3 follow a unit step at 0.5 s through the
 * first order filter der(w) = (w_ref - w) 2 pi f_crit (f_crit = 5), speed2
 * and speed4 follow sin(2 pi t) exactly; the translational ones from s =
 * 1. */
static double
filtered_w (double t)
{
  return t < 0.5 ? 0 : 1 - exp (-10 * G_PI * (t - 0.5));
}

static double
filtered_phi (double t)
{
  return t < 0.5 ? 0 : (t - 0.5) - (1 - exp (-10 * G_PI * (t - 0.5))) / (10 * G_PI);
}

static double filtered_s (double t) { return 1 + filtered_phi (t); }
static double exact_phi (double t) { return (1 - cos (2 * G_PI * t)) / (2 * G_PI); }
static double exact_s (double t) { return 1 + exact_phi (t); }

static void
test_speed (void)
{
  static const Signal s[] = { { "inertia1.w", filtered_w, 1e-6 }, { "inertia1.phi", filtered_phi, 1e-6 },
                              { "inertia2.w", torque_of, 1e-9 },   { "inertia2.phi", exact_phi, 1e-6 },
                              { "mass1.v", filtered_w, 1e-6 },     { "mass1.s", filtered_s, 1e-6 },
                              { "mass2.v", torque_of, 1e-9 },      { "mass2.s", exact_s, 1e-6 } };

  check_forms ("TestSpeed.mo", s, G_N_ELEMENTS (s));
}

/* A column against f (t, p). */
static void
check_one (SwTrajectory *tr, const char *name, double (*f) (double t, const double *p), const double *p, double tight)
{
  guint n = sw_trajectory_get_n_rows (tr);
  const double *t = sw_trajectory_get_times (tr);
  g_autofree double *want = g_new (double, n);

  for (guint r = 0; r < n; r++)
    want[r] = f (t[r], p);
  msl_compare (tr, name, want, tight);
}

/* p = (x0, v0, c, d): a unit inertia on a spring-damper to ground, x'' =
 * -c x - d x' (underdamped), its position; speed_of its speed. */
static double
position_of (double t, const double *p)
{
  double s = p[3] / 2, wd = sqrt (p[2] - s * s);

  return exp (-s * t) * (p[0] * cos (wd * t) + (p[1] + s * p[0]) / wd * sin (wd * t));
}

static double
speed_of (double t, const double *p)
{
  double s = p[3] / 2, wd = sqrt (p[2] - s * s), b = (p[1] + s * p[0]) / wd;

  return exp (-s * t) * ((b * wd - s * p[0]) * cos (wd * t) - (p[0] * wd + s * b) * sin (wd * t));
}

/* p = (phi0, w): turning freely. */
static double
free_phi (double t, const double *p)
{
  return p[0] + p[1] * t;
}

static double
free_w (double t, const double *p)
{
  return p[1];
}

/* Two unit inertias on a spring c, p = (phi_a0, w, x0, c): the first
 * held at a = c x0 so the spring starts stretched by x0, both at w; the
 * stretch oscillates at sqrt(2 c) about the centre, which moves at w. */
static double
pair_phi (double t, const double *p, double side)
{
  double x = p[2] * cos (sqrt (2 * p[3]) * t);

  return p[0] + p[2] / 2 + p[1] * t + side * x / 2;
}

static double pair_phi_a (double t, const double *p) { return pair_phi (t, p, -1); }
static double pair_phi_b (double t, const double *p) { return pair_phi (t, p, 1); }

static double
pair_w (double t, const double *p, double side)
{
  return p[1] - side * p[2] * sqrt (2 * p[3]) * sin (sqrt (2 * p[3]) * t) / 2;
}

static double pair_w_a (double t, const double *p) { return pair_w (t, p, -1); }
static double pair_w_b (double t, const double *p) { return pair_w (t, p, 1); }
static double rest (double t, const double *p) { return 0; }

/* InitializationConversion.Inertia: starts given as phi, w and a; a fixed
 * a on a sprung inertia fixes its spring's stretch (c x = J a). */
static void
test_initialization_inertia (void)
{
  g_autoptr (SwTrajectory) tr = msl_run ("ModelicaTest", "InitializationConversionInertia.mo", 0);
  static const double p1[] = { 0.017453292519943, 2 }, p4[] = { -0.017453292519943, -2 }, p5[] = { 0.38397243543875, 33 };
  /* inertia2: w = 2, a = 0 on c = 1e4: x0 = 0; inertia6: a = 44, w = 0:
   * x = -0.0044 (the spring pulls it back up). */
  static const double p2[] = { 0, 2, 1e4, 0 }, p6[] = { -44 / 1e4, 0, 1e4, 0 };
  static const double p7[] = { 0.017453292519943, 2, 3 / 1e4, 1e4 }, p9[] = { 0.19198621771938, 22, 33 / 1e4, 1e4 };

  check_one (tr, "inertia1.phi", free_phi, p1, 1e-6);
  check_one (tr, "inertia1.w", free_w, p1, 1e-9);
  check_one (tr, "inertia2.phi", position_of, p2, 1e-4);
  check_one (tr, "inertia2.w", speed_of, p2, 1e-4);
  check_one (tr, "inertia3.phi", rest, NULL, 1e-12);
  check_one (tr, "inertia3.w", rest, NULL, 1e-12);
  check_one (tr, "inertia4.phi", free_phi, p4, 1e-6);
  check_one (tr, "inertia4.w", free_w, p4, 1e-9);
  check_one (tr, "inertia5.phi", free_phi, p5, 1e-6);
  check_one (tr, "inertia5.w", free_w, p5, 1e-9);
  check_one (tr, "inertia6.phi", position_of, p6, 1e-4);
  check_one (tr, "inertia6.w", speed_of, p6, 1e-4);
  check_one (tr, "inertia7.phi", pair_phi_a, p7, 1e-5);
  check_one (tr, "inertia7.w", pair_w_a, p7, 1e-4);
  check_one (tr, "inertia7a.phi", pair_phi_b, p7, 1e-5);
  check_one (tr, "inertia7a.w", pair_w_b, p7, 1e-4);
  check_one (tr, "inertia8.phi", rest, NULL, 1e-12);
  check_one (tr, "inertia8a.w", rest, NULL, 1e-12);
  check_one (tr, "inertia9.phi", pair_phi_a, p9, 1e-5);
  check_one (tr, "inertia9.w", pair_w_a, p9, 1e-4);
  check_one (tr, "inertia9a.phi", pair_phi_b, p9, 1e-5);
  check_one (tr, "inertia9a.w", pair_w_b, p9, 1e-4);
}

/* InitializationConversion.SpringDamper: unit inertias on c = 1e4, d =
 * 10 to ground, started through the spring-dampers' phi_rel, w_rel and
 * a_rel (a_rel = 0 with w_rel = -2: c x0 = 20) or the inertias' own. */
static void
test_initialization_spring_damper (void)
{
  g_autoptr (SwTrajectory) tr = msl_run ("ModelicaTest", "InitializationConversionSpringDamper.mo", 0);
  static const double p1[] = { 1, 2, 1e4, 10 }, p2[] = { 20 / 1e4, -2, 1e4, 10 }, p5[] = { 0, 3, 1e4, 10 };
  static const struct {
    const char *inertia;
    const double *p;
  } cases[] = { { "inertia1", p1 }, { "inertia2", p2 }, { "inertia3", p1 }, { "inertia5", p5 } };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *phi = g_strdup_printf ("%s.phi", cases[k].inertia);
      g_autofree char *w = g_strdup_printf ("%s.w", cases[k].inertia);

      check_one (tr, phi, position_of, cases[k].p, 1e-4);
      check_one (tr, w, speed_of, cases[k].p, 1e-4);
    }
  check_one (tr, "inertia4.phi", rest, NULL, 1e-12);
  check_one (tr, "inertia6.w", rest, NULL, 1e-12);
  check_one (tr, "inertia7.phi", rest, NULL, 1e-12);
  check_one (tr, "spring.phi_rel", rest, NULL, 1e-12);
}

/* TestFriction: four unit inertias driven by T = 10 sin(2 pi t) from
 * rest, I(t) its integral, II(t) that one's. */
static double
tf_i1 (double t)
{
  return 10 * (1 - cos (2 * G_PI * t)) / (2 * G_PI);
}

static double
tf_i2 (double t)
{
  return 10 * (t - sin (2 * G_PI * t) / (2 * G_PI)) / (2 * G_PI);
}

/* The BearingFriction (tau_pos = [0, 1], peak 1): stuck while |T| <= 1,
 * sliding in direction d with der(w) = T - d; phases (t0, d, phi0, w0),
 * d = 0 stuck. */
typedef struct {
  double t0, phi0, w0;
  int d;
} Slide;

static void
slide_state (const Slide *p, double t, double *phi, double *w)
{
  double h = t - p->t0;

  if (p->d == 0)
    {
      *phi = p->phi0;
      *w = 0;
      return;
    }
  *w = p->w0 + tf_i1 (t) - tf_i1 (p->t0) - p->d * h;
  *phi = p->phi0 + p->w0 * h + tf_i2 (t) - tf_i2 (p->t0) - tf_i1 (p->t0) * h - p->d * h * h / 2;
}

/* > 0 once phase p ends. */
static double
slide_guard (const Slide *p, double t)
{
  double phi, w;

  if (p->d == 0)
    return fabs (10 * sin (2 * G_PI * t)) - 1;
  slide_state (p, t, &phi, &w);
  return -p->d * w;
}

static GArray *
slide_phases (double stop, GArray *events)
{
  GArray *phases = g_array_new (FALSE, FALSE, sizeof (Slide));
  Slide p = { 0, 0, 0, 0 };

  g_array_append_val (phases, p);
  for (double a = 0; a < stop;)
    {
      double b = MIN (a + 1e-4, stop), phi, w;

      if (slide_guard (&p, b) <= 0)
        {
          a = b;
          continue;
        }
      while (b - a > 1e-14)
        {
          double m = (a + b) / 2;

          if (slide_guard (&p, m) > 0)
            b = m;
          else
            a = m;
        }
      slide_state (&p, b, &phi, &w);
      g_array_append_val (events, b);
      p.t0 = b;
      p.phi0 = phi;
      p.w0 = 0;
      /* Stuck, or sliding on the side the torque pushes once past 1. */
      p.d = fabs (10 * sin (2 * G_PI * b)) > 1 ? (sin (2 * G_PI * b) > 0 ? 1 : -1) : 0;
      g_array_append_val (phases, p);
      a = b;
    }
  return phases;
}

/* The brake, clutch and one-way clutch: free until their 100 x fn_max
 * (1, its start value) pushes at 0.5 s, 0.5 100 = 50 N.m; the driven
 * inertia is then at w0 = 10/pi and slows at T - 50, the clutches' other
 * inertia speeds up at 50, until both turn as one (T/2 each, held: 5 <
 * 50) or the brake's stops (held). The instant ts where that happens. */
static double
engaged_w (double t, double sign)
{
  double h = t - 0.5;

  return sign > 0 ? tf_i1 (t) - 50 * h : 50 * h;
}

static double
engaged_phi (double t, double sign)
{
  double h = t - 0.5;

  return sign > 0 ? tf_i2 (t) - 25 * h * h : 25 * h * h;
}

static double
engaged_end (gboolean clutch)
{
  double a = 0.5, b = 0.7;

  while (b - a > 1e-14)
    {
      double m = (a + b) / 2;

      if (engaged_w (m, 1) - (clutch ? engaged_w (m, -1) : 0) > 0)
        a = m;
      else
        b = m;
    }
  return b;
}

/* p[0]: 1 the driven inertia, -1 the clutch's other one; p[1]: 1 clutch
 * (they go on together), 0 brake (held). */
static double
engaged_of (double t, const double *p, gboolean speed)
{
  double ts = engaged_end (p[1] > 0), phi_s, w_s;

  if (t <= 0.5)
    return p[0] > 0 ? (speed ? tf_i1 (t) : tf_i2 (t)) : 0;
  if (t <= ts)
    return speed ? engaged_w (t, p[0]) : engaged_phi (t, p[0]);
  w_s = engaged_w (ts, p[0]);
  phi_s = engaged_phi (ts, p[0]);
  if (p[1] == 0)
    return speed ? 0 : phi_s;
  /* Together: each at w_s + (I(t) - I(ts))/2. */
  return speed ? w_s + (tf_i1 (t) - tf_i1 (ts)) / 2
               : phi_s + w_s * (t - ts) + (tf_i2 (t) - tf_i2 (ts) - tf_i1 (ts) * (t - ts)) / 2;
}

static double engaged_speed (double t, const double *p) { return engaged_of (t, p, TRUE); }
static double engaged_angle (double t, const double *p) { return engaged_of (t, p, FALSE); }

static void
test_friction (void)
{
  g_autoptr (SwTrajectory) tr = msl_run ("ModelicaTest", "TestFriction.mo", 0);
  guint n = sw_trajectory_get_n_rows (tr);
  const double *t = sw_trajectory_get_times (tr);
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) phases = slide_phases (t[n - 1], events);
  g_autofree double *w = g_new (double, n), *phi = g_new (double, n), *mode = g_new (double, n);
  static const double brake[] = { 1, 0 }, driven[] = { 1, 1 }, other[] = { -1, 1 };

  for (guint r = 0; r < n; r++)
    {
      guint k = phases->len - 1;

      while (k > 0 && g_array_index (phases, Slide, k).t0 > t[r])
        k--;
      slide_state (&g_array_index (phases, Slide, k), t[r], &phi[r], &w[r]);
      mode[r] = g_array_index (phases, Slide, k).d;
    }
  msl_assert_events (tr, (const double *) events->data, events->len, 1e-6);
  msl_compare (tr, "inertia.w", w, 1e-5);
  msl_compare (tr, "inertia.phi", phi, 1e-5);
  msl_compare_skipping (tr, "bearingFriction.mode", mode, 1e-12, (const double *) events->data, events->len, 2e-3);
  check_one (tr, "inertia1.w", engaged_speed, brake, 1e-5);
  check_one (tr, "inertia1.phi", engaged_angle, brake, 1e-5);
  check_one (tr, "inertia2.w", engaged_speed, driven, 1e-5);
  check_one (tr, "inertia2.phi", engaged_angle, driven, 1e-5);
  check_one (tr, "inertia3.w", engaged_speed, other, 1e-5);
  check_one (tr, "inertia3.phi", engaged_angle, other, 1e-5);
  check_one (tr, "inertia4.w", engaged_speed, driven, 1e-5);
  check_one (tr, "inertia4.phi", engaged_angle, driven, 1e-5);
  check_one (tr, "inertia5.w", engaged_speed, other, 1e-5);
  check_one (tr, "inertia5.phi", engaged_angle, other, 1e-5);
}

/* TestBearingConversion: every element with and without its support
 * (fixed) side by side. Undriven, they stay at rest; Accelerate (a_ref =
 * sin(2 pi t)) and Move (phi = w = a = sin(2 pi t), taken as given) in
 * closed form; the torques on inertia20 and inertia21 (sine, |w|
 * (TorqueDirection = true), w^2, 1 and a step of 1 at 0) from rest: J
 * der(w) = sin(2 pi t) + |w| + w^2 + 2, an ODE; the filtered Position and
 * Speed sources alike with and without support. */
static int
torques_rhs (double t, const double y[], double dydt[], void *params)
{
  dydt[0] = y[1];
  dydt[1] = sin (2 * G_PI * t) + fabs (y[1]) + y[1] * y[1] + 2;
  return GSL_SUCCESS;
}

static double accelerated_w (double t, const double *p) { return w_of (t, 1); }
static double accelerated_phi (double t, const double *p) { return phi_of (t, 1); }
static double moved (double t, const double *p) { return sin (2 * G_PI * t); }

static void
test_bearing_conversion (void)
{
  g_autoptr (SwTrajectory) tr = msl_run ("ModelicaTest", "TestBearingConversion.mo", 0);
  static const char *const resting[] = { "inertia.w", "inertia1.w", "inertia2.w", "inertia3.w", "inertia4.w",
                                         "inertia5.w", "inertia6.w", "inertia7.w", "inertia8.w", "inertia9.w",
                                         "inertia10.w", "inertia11.w", "inertia22.w", "inertia23.w", "slidingMass.v",
                                         "slidingMass1.v" };
  static const char *const pairs[][2] = { { "inertia12.phi", "inertia13.phi" }, { "inertia12.w", "inertia13.w" },
                                          { "inertia14.phi", "inertia15.phi" }, { "inertia14.w", "inertia15.w" } };
  static const double y0[2] = { 0 };
  g_autofree double *y = msl_solve (tr, torques_rhs, NULL, 2, y0, NULL, 0);
  guint n = sw_trajectory_get_n_rows (tr);
  g_autofree double *w = g_new (double, n);

  for (guint k = 0; k < G_N_ELEMENTS (resting); k++)
    check_one (tr, resting[k], rest, NULL, 1e-12);
  for (guint k = 0; k < G_N_ELEMENTS (pairs); k++)
    msl_compare (tr, pairs[k][0], sw_test_column (tr, pairs[k][1]), 1e-12);
  check_one (tr, "inertia16.w", accelerated_w, NULL, 1e-6);
  check_one (tr, "inertia16.phi", accelerated_phi, NULL, 1e-6);
  check_one (tr, "inertia17.w", accelerated_w, NULL, 1e-6);
  check_one (tr, "inertia17.phi", accelerated_phi, NULL, 1e-6);
  for (guint k = 0; k < 2; k++)
    {
      check_one (tr, k == 0 ? "inertia18.phi" : "inertia19.phi", moved, NULL, 1e-12);
      check_one (tr, k == 0 ? "inertia18.w" : "inertia19.w", moved, NULL, 1e-12);
    }
  for (guint r = 0; r < n; r++)
    w[r] = y[2 * r + 1];
  msl_compare (tr, "inertia20.w", w, 1e-5);
  msl_compare (tr, "inertia21.w", w, 1e-5);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/modelica/msl-independent/simple-drive-train", test_simple_drive_train);
  g_test_add_func ("/modelica/msl-independent/directions", test_directions);
  g_test_add_func ("/modelica/msl-independent/directions2", test_directions2);
  g_test_add_func ("/modelica/msl-independent/at-rest", test_at_rest);
  g_test_add_func ("/modelica/msl-independent/support-torque1", test_support_torque1);
  g_test_add_func ("/modelica/msl-independent/test-speed", test_speed);
  g_test_add_func ("/modelica/msl-independent/initialization-inertia", test_initialization_inertia);
  g_test_add_func ("/modelica/msl-independent/initialization-spring-damper", test_initialization_spring_damper);
  g_test_add_func ("/modelica/msl-independent/test-friction", test_friction);
  g_test_add_func ("/modelica/msl-independent/bearing-conversion", test_bearing_conversion);
  return g_test_run ();
}
