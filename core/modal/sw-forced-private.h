/* sw-forced-private.h: the peak of the synthesised signal with its tables
 * made once (sw-forced-peak.c) and magnitudes many at once
 * (sw-forced-abs.c), for sw-forced.c and the tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>
#include "sw-complex-private.h"
#include "sw-forced.h"
#include "sw-linear-private.h"

G_BEGIN_DECLS

typedef struct _SwForcedPeak SwForcedPeak;

/* |z| by sqrt (re^2 + im^2) where that neither overflows nor underflows,
 * else scaled or cabs(): a million magnitudes per response, and cabs's hypot costs
 * several times the square root. */
static inline double
_sw_forced_abs (double complex z)
{
  double re = creal (z), im = cimag (z), s = re * re + im * im, big, small;

  if (s > 1e-290 && s < 1e290)
    return sqrt (s);
  if (!(s <= 1e-290))
    return cabs (z);
  /* Tiny (far along a damped chain the response underflows): scaled. */
  big = MAX (fabs (re), fabs (im));
  small = MIN (fabs (re), fabs (im)) / (big > 0 ? big : 1);
  return big * sqrt (1 + small * small);
}

/* |y[j]| into out[j] (add: onto out[j]) for j < n, as _sw_forced_abs()
 * but four or two at a time (sw-forced-abs.c). */
void          _sw_forced_abs_many  (const double complex *y,
                                    double               *out,
                                    guint                 n,
                                    gboolean              add);

/* For the harmonics m[0 … n) (integers >= 1). */
SwForcedPeak *_sw_forced_peak_new  (const guint          *m,
                                    guint                 n);
/* max |T| for the amplitudes y (n), their magnitudes abs_y (NULL:
 * computed here); no allocation. */
double        _sw_forced_peak_eval (SwForcedPeak         *peak,
                                    const double complex *y,
                                    const double         *abs_y);
void          _sw_forced_peak_free (SwForcedPeak         *peak);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwForcedPeak, _sw_forced_peak_free)

/* sw-forced-sections.c: a section of a forced response: its torque's gains
 * over its nodes, and the diameter and limits given for it. */
typedef struct {
  guint  part;
  guint  nodes[SW_KIND_MAX_PORTS], n;
  double gx[SW_KIND_MAX_PORTS], gv[SW_KIND_MAX_PORTS], ga[SW_KIND_MAX_PORTS], gj[SW_KIND_MAX_PORTS];
  double stress_per_torque;   /* MPa per N.m, 0: no diameter given */
  double outer_diameter_m;
  gboolean has_limit;         /* the rule's limits (sw-forced-limits.c) */
  double uts_mpa, ck;
} SwForcedSection;

int       _sw_forced_find_part        (const SwSystem *sys,
                                       const char     *id);
/* The compliant sections (file order), each with the gains of its torque;
 * none for a friction element locked at the operating point. */
GArray   *_sw_forced_find_sections    (SwLinear       *lin,
                                       GError        **error);
gboolean  _sw_forced_apply_diameters  (const SwLinear        *lin,
                                       GArray                *sections,
                                       const SwForcedOptions *o,
                                       GError               **error);
gboolean  _sw_forced_apply_limits     (const SwLinear        *lin,
                                       GArray                *sections,
                                       const SwForcedOptions *o,
                                       GError               **error);

G_END_DECLS
