/* sw-modes.h: modal analysis of an assembled system at an operating point.
 *
 * The equations are linearised at a state (tangent stiffness and damping of
 * every element; ideal constraints stay eliminated, so gear ratios reduce
 * inertias and stiffnesses by themselves). Massless coordinates with
 * stiffness are condensed statically. The undamped modes solve
 * K q = lambda M q; for every mode the kinetic energy of each body and the
 * potential energy of each compliant section are reported (the method of
 * Twin Builder's manual), and the damped eigenvalues of the state-space
 * matrix are paired with them.
 *
 * The eigen-solver is picked by structure (see core/README.md, section 8):
 * tridiagonal or banded problems and proportional damping cost O(n) per
 * mode; n_lowest asks for the lowest modes alone.
 *
 * SwModes is immutable and reference counted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-system.h"
#include "sw-linear-friction.h"

G_BEGIN_DECLS

typedef struct _SwModes SwModes;

/* Every mode of a larger system is refused with SW_ERROR_INVALID (memory
 * grows as n^2); its lowest modes, at most one in eight (n_lowest), are
 * computed by shift-invert Lanczos, and their damped eigenvalues, where the
 * damping is not proportional, by shift-invert Arnoldi (TOAR, else ARPACK)
 * on the band of the state-space problem (issue 24). */
#define SW_MODES_MAX_COORDS 5000

typedef struct {
  double   omega_rad_s;          /* undamped natural angular frequency, 0 for a rigid-body mode */
  double   frequency_hz;
  gboolean rigid_body;
  gboolean has_damped;           /* a damped eigenvalue was paired with the mode */
  double   damped_frequency_hz;  /* imaginary part / 2 pi; 0 for a real eigenvalue */
  double   damping_ratio;        /* -Re / |lambda|; NAN for a real eigenvalue */
  double   decay_rate_per_s;     /* -Re of the paired eigenvalue; for a real pair, the slower */
  /* Per body and per section: NULL unless SwModesOptions.keep_values (the
   * default of sw_modes_compute()); sw_modes_get_mode_values() computes them
   * for one mode at a time in any case. */
  /* Per body (see sw_modes_get_body_part): the displacement of the body in
   * its own coordinate, scaled to max |.| = 1 (largest entry positive), and
   * mass-normalised (q^T M q = 1). */
  const double *shape;
  const double *shape_mass_normalised;
  /* Per body: kinetic energy 1/2 m x^2 omega^2 of the mass-normalised mode,
   * and its share of the mode's total in percent. */
  const double *kinetic_energy;
  const double *kinetic_energy_percent;
  /* Per section: potential energy 1/2 dx^T K_e dx, and percent. */
  const double *potential_energy;
  const double *potential_energy_percent;
  /* The section with the largest potential energy (first in file order on a
   * tie), or -1 for a rigid-body mode. */
  int      most_excitable_section;
  gboolean most_excitable_is_tie;
  /* Built-in check: |sum kinetic - sum potential| / sum kinetic, which is
   * round-off (about 1e-10) for a sound linearisation; 0 for a rigid mode. */
  double   energy_balance_error;
  /* The paired damped eigenvalue is real and not ~0: the motion decays
   * without oscillating at decay_rate_per_s (a rigid-body mode whose motion
   * a damper to the ground stops, or an overdamped elastic mode). */
  gboolean overdamped;
  /* The motion grows: a negative stiffness (lambda < 0 in K v = lambda M v:
   * an imaginary frequency; omega_rad_s is 0) or an eigenvalue with a
   * positive real part (a negative damping, feedback of a speed).
   * growth_rate_per_s > 0: the motion grows as exp (growth_rate_per_s t). */
  gboolean unstable;
  double   growth_rate_per_s;
} SwMode;

typedef enum {
  SW_MODES_SOLVER_AUTO,   /* by structure (tridiagonal, banded, proportional damping, dense) */
  SW_MODES_SOLVER_DENSE,  /* LAPACK's dense dsyevr and dgeevx whatever the structure */
  SW_MODES_SOLVER_SPARSE, /* shift-invert Lanczos on the band (the lowest modes of large models), and
                           * shift-invert Arnoldi for their damped eigenvalues */
} SwModesSolver;

typedef struct {
  /* 0: every mode; K: the K lowest modes alone (shapes and energies too). */
  guint         n_lowest;
  SwModesSolver solver;
  /* Keep every mode's per-body and per-section arrays in SwMode (6 doubles
   * per body and mode); FALSE: they are NULL, see sw_modes_get_mode_values(). */
  gboolean      keep_values;
  /* With keep_values FALSE, for a caller that goes through every mode's
   * values once (modal --json): SwMode's numbers that come from them
   * (most_excitable_section, most_excitable_is_tie, energy_balance_error)
   * are left to sw_modes_get_mode_with_values() too, so that no mode's
   * energies are computed twice; sw_modes_get_mode() has -1, FALSE and 0. */
  gboolean      scalars_with_values;
  /* The friction elements' state (default: as at the operating point). */
  SwLinearFriction friction;
} SwModesOptions;

/* Every mode, solver by structure, values kept. */
SwModesOptions sw_modes_options_default (void);

/* state: the system's state vector at time t (NULL: the initial state at 0). */
SwModes      *sw_modes_compute            (const SwSystem *system,
                                           double          t,
                                           const double   *state,
                                           GError        **error);
SwModes      *sw_modes_compute_with_options (const SwSystem       *system,
                                             double                t,
                                             const double         *state,
                                             const SwModesOptions *options,
                                             GError              **error);
SwModes      *sw_modes_ref                (SwModes        *modes);
void          sw_modes_unref              (SwModes        *modes);

double        sw_modes_get_time           (const SwModes  *modes);
/* The system the modes are of (borrowed: it lives as long as modes). */
const SwSystem *sw_modes_get_system       (const SwModes  *modes);
guint         sw_modes_get_n_modes        (const SwModes  *modes);
const SwMode *sw_modes_get_mode           (const SwModes  *modes,
                                           guint           index);
/* Bodies: parts with inertia; sections: parts with stiffness. */
guint         sw_modes_get_n_bodies       (const SwModes  *modes);
const SwPart *sw_modes_get_body_part      (const SwModes  *modes,
                                           guint           body);
guint         sw_modes_get_n_sections     (const SwModes  *modes);
const SwPart *sw_modes_get_section_part   (const SwModes  *modes,
                                           guint           section);
/* The per-body (n_bodies long) and per-section (n_sections long) values of
 * mode index into arrays the caller owns; any may be NULL. Linear work in
 * the size of the model. */
void          sw_modes_get_mode_values    (const SwModes  *modes,
                                           guint           index,
                                           double         *shape,
                                           double         *shape_mass_normalised,
                                           double         *kinetic_energy,
                                           double         *kinetic_energy_percent,
                                           double         *potential_energy,
                                           double         *potential_energy_percent);
/* Mode index (a copy into *mode) with its values as sw_modes_get_mode_values()
 * gives them, and the numbers that come from them filled in whatever the
 * options (SwModesOptions.scalars_with_values). */
void          sw_modes_get_mode_with_values (const SwModes *modes,
                                             guint          index,
                                             SwMode        *mode,
                                             double        *shape,
                                             double        *shape_mass_normalised,
                                             double        *kinetic_energy,
                                             double        *kinetic_energy_percent,
                                             double        *potential_energy,
                                             double        *potential_energy_percent);
/* The solvers that ran, e.g. "tridiagonal (LAPACK dstevr)" and
 * "proportional damping (per mode)"; "" for no damped problem. */
const char   *sw_modes_get_solver         (const SwModes  *modes);
const char   *sw_modes_get_damped_solver  (const SwModes  *modes);
/* Why the damped and the undamped problems differ, translated, or NULL:
 * a lossy gear that rolls makes the equations non-symmetric; the damped
 * eigenvalues then include its efficiency, while the undamped modes,
 * shapes and energies are those of the symmetric part (ideal gears). Or
 * why there are no damped eigenvalues: a model of more than
 * SW_MODES_MAX_COORDS coordinates with damping that is not proportional,
 * where Arnoldi did not converge or its eigenvalues could not be paired
 * with certainty. */
const char   *sw_modes_get_note           (const SwModes  *modes);
/* The friction state the analysis was asked for. */
SwLinearFriction sw_modes_get_friction    (const SwModes  *modes);
/* The damped eigenvalues (state-space), all of them, sorted by |Im| then Re
 * (with proportional damping: those of the modes computed; by Arnoldi: the
 * 2 n_lowest + 4 or so nearest the low end, a few beyond the modes'). */
guint         sw_modes_get_n_eigenvalues  (const SwModes  *modes);
void          sw_modes_get_eigenvalue     (const SwModes  *modes,
                                           guint           index,
                                           double         *re,
                                           double         *im);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SwModes, sw_modes_unref)

G_END_DECLS
