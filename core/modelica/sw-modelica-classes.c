/* sw-modelica-classes.c: which Modelica class is which kind, both ways.
 *
 * The table of the MSL's classes by kind (the import finds a kind by the
 * class's name in snake case in its domain, the export writes this
 * class), the blocks of Modelica.Blocks.Sources by signal type, and the
 * catalogue of them that FORMAT.md shows (sw_modelica_classes_markdown(),
 * checked by test-modelica-msl-classes).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica.h"
#include "sw-modelica-private.h"

#include <string.h>
#include "sw-kind.h"

/* The kinds of the MSL (4.x) by our name, with their package. */
const MoMslClass _sw_mo_msl_classes[] = {
  { "rotational.fixed", "Components" }, { "rotational.inertia", "Components" },
  { "rotational.disc", "Components" }, { "rotational.spring", "Components" },
  { "rotational.damper", "Components" }, { "rotational.spring_damper", "Components" },
  { "rotational.elasto_backlash", "Components" }, { "rotational.bearing_friction", "Components" },
  { "rotational.brake", "Components" }, { "rotational.clutch", "Components" },
  { "rotational.one_way_clutch", "Components" }, { "rotational.ideal_gear", "Components" },
  { "rotational.lossy_gear", "Components" }, { "rotational.ideal_planetary", "Components" },
  { "rotational.gearbox", "Components" }, { "rotational.ideal_gear_r2t", "Components" },
  { "rotational.ideal_rolling_wheel", "Components" },
  { "rotational.torque", "Sources" }, { "rotational.constant_torque", "Sources" },
  { "rotational.torque_step", "Sources" }, { "rotational.speed", "Sources" }, { "rotational.position", "Sources" },
  { "rotational.accelerate", "Sources" }, { "rotational.linear_speed_dependent_torque", "Sources" },
  { "rotational.quadratic_speed_dependent_torque", "Sources" },
  { "translational.fixed", "Components" }, { "translational.mass", "Components" },
  { "translational.rod", "Components" }, { "translational.spring", "Components" },
  { "translational.damper", "Components" }, { "translational.spring_damper", "Components" },
  { "translational.elasto_gap", "Components" }, { "translational.support_friction", "Components" },
  { "translational.brake", "Components" }, { "translational.mass_with_stop_and_friction", "Components" },
  { "translational.force", "Sources" }, { "translational.constant_force", "Sources" },
  { "translational.speed", "Sources" }, { "translational.position", "Sources" },
  { "translational.accelerate", "Sources" }, { "translational.quadratic_speed_dependent_force", "Sources" },
  { "rotational.angle_sensor", "Sensors" }, { "rotational.speed_sensor", "Sensors" },
  { "rotational.acc_sensor", "Sensors" }, { "rotational.rel_angle_sensor", "Sensors" },
  { "rotational.rel_speed_sensor", "Sensors" }, { "rotational.rel_acc_sensor", "Sensors" },
  { "rotational.torque_sensor", "Sensors" }, { "rotational.power_sensor", "Sensors" },
  { "translational.position_sensor", "Sensors" }, { "translational.speed_sensor", "Sensors" },
  { "translational.acc_sensor", "Sensors" }, { "translational.rel_position_sensor", "Sensors" },
  { "translational.rel_speed_sensor", "Sensors" }, { "translational.rel_acc_sensor", "Sensors" },
  { "translational.force_sensor", "Sensors" }, { "translational.power_sensor", "Sensors" },
  { "rotational.constant_speed", "Sources" }, { "rotational.torque2", "Sources" }, { "rotational.move", "Sources" },
  { "rotational.initialize_flange", "Components" }, { "translational.constant_speed", "Sources" },
  { "translational.force2", "Sources" }, { "translational.move", "Sources" },
  { "translational.initialize_flange", "Components" },
  { "translational.force_step", "Sources" }, { "translational.linear_speed_dependent_force", "Sources" },
  { "rotational.multi_sensor", "Sensors" }, { "translational.multi_sensor", "Sensors" },
  { "rotational.relative_states", "Components" }, { "translational.relative_states", "Components" },
  { "rotational.elasto_backlash2", "Components" }, { "translational.vehicle", "Components" },
  { "rotational.sign_torque", "Sources" }, { "translational.sign_force", "Sources" },
  { "rotational.inverse_speed_dependent_torque", "Sources" },
  { "translational.inverse_speed_dependent_force", "Sources" },
  { "translational.ideal_gear", "Components" },
  { "rotational.eddy_current_torque", "Sources" }, { "translational.eddy_current_force", "Sources" },
};
const guint _sw_mo_n_msl_classes = G_N_ELEMENTS (_sw_mo_msl_classes);

/* Our signal types and the blocks of Modelica.Blocks.Sources. */
const MoMslBlock _sw_mo_msl_blocks[] = {
  { "constant", "Constant" }, { "step", "Step" }, { "ramp", "Ramp" }, { "sine", "Sine" },
  { "exp_sine", "ExpSine" }, { "pulse", "Pulse" }, { "sawtooth", "SawTooth" }, { "trapezoid", "Trapezoid" },
  { "table", "TimeTable" },
};
const guint _sw_mo_n_msl_blocks = G_N_ELEMENTS (_sw_mo_msl_blocks);

/* The cubic ones with MSL's slopes (core/model/sw-signal-spline.c). */
const MoSmoothness _sw_mo_smoothness[] = {
  { "linear", "LinearSegments" }, { "hold", "ConstantSegments" }, { "akima", "ContinuousDerivative" },
  { "fritsch-butland", "MonotoneContinuousDerivative1" }, { "steffen", "MonotoneContinuousDerivative2" },
  { NULL, NULL },
};

/* "ideal_gear_r2t" -> "IdealGearR2T" (the MSL's spelling of R2T). */
static char *
camel_case (const char *snake)
{
  GString *s = g_string_new (NULL);
  gboolean up = TRUE;

  for (const char *p = snake; *p != '\0'; p++)
    {
      if (*p == '_')
        up = TRUE;
      else
        {
          g_string_append_c (s, up || (p > snake && g_ascii_isdigit (p[-1])) ? g_ascii_toupper (*p) : *p);
          up = FALSE;
        }
    }
  return g_string_free (s, FALSE);
}

char *
_sw_mo_class_of (const SwKind *kind)
{
  const char *dot = strchr (kind->name, '.');
  g_autofree char *domain = g_strndup (kind->name, dot - kind->name);
  g_autofree char *name = camel_case (dot + 1);

  domain[0] = g_ascii_toupper (domain[0]);
  for (guint k = 0; k < _sw_mo_n_msl_classes; k++)
    if (strcmp (_sw_mo_msl_classes[k].kind, kind->name) == 0)
      return g_strdup_printf ("Modelica.Mechanics.%s.%s.%s", domain, _sw_mo_msl_classes[k].package, name);
  return g_strdup_printf ("Shaftwork.%s.%s", domain, name);
}

/* The blocks the import reads besides the ones above, and what they
 * become. */
static const struct {
  const char *block, *what;
} other_blocks[] = {
  { "Blocks.Sources.CombiTimeTable", "`table` per output column (`smoothness`: `LinearSegments` `linear`, "
    "`ConstantSegments` `hold`, `ContinuousDerivative` `akima`, `MonotoneContinuousDerivative1` "
    "`fritsch-butland`, `MonotoneContinuousDerivative2` `steffen`; `extrapolation`)" },
  { "Blocks.Sources.Exponentials", "`sum` of `step` and `exp_sine`" },
  { "Blocks.Math.Gain", "`product` with its `k`" },
  { "Blocks.Math.Product", "`product`" },
  { "Blocks.Math.Add", "`sum` with `k1`, `k2`" },
  { "Blocks.Math.Feedback", "`sum` of `u1` and -`u2`" },
  { "Blocks.Tables.CombiTable1Ds", "`lookup` of its input `u` per output column (`smoothness` as for "
    "CombiTimeTable; `extrapolation`: `LastTwoPoints` `linear`, `HoldLastPoint` `hold`, `Periodic` `periodic`, "
    "`NoExtrapolation` `none`)" },
  { "Blocks.Tables.CombiTable1D", "`lookup` of input `u[k]` for output `y[k]` (MSL 3's name)" },
  { "Blocks.Tables.CombiTable1Dv", "`lookup` of input `u[k]` for output `y[k]` (MSL 4's name)" },
};

char *
sw_modelica_classes_markdown (void)
{
  GString *s = g_string_new ("| Modelica class | Shaftwork |\n|---|---|\n");

  for (guint k = 0; k < _sw_mo_n_msl_classes; k++)
    {
      const SwKind *kind = sw_catalog_lookup (_sw_mo_msl_classes[k].kind);
      g_autofree char *klass = kind != NULL ? _sw_mo_class_of (kind) : NULL;

      if (klass != NULL)
        g_string_append_printf (s, "| `%s` | `%s` |\n", klass + strlen ("Modelica."), kind->name);
    }
  for (guint k = 0; k < _sw_mo_n_msl_blocks; k++)
    g_string_append_printf (s, "| `Blocks.Sources.%s` | signal `%s` |\n", _sw_mo_msl_blocks[k].block,
                            _sw_mo_msl_blocks[k].type);
  for (guint k = 0; k < G_N_ELEMENTS (other_blocks); k++)
    g_string_append_printf (s, "| `%s` | signal %s |\n", other_blocks[k].block, other_blocks[k].what);
  return g_string_free (s, FALSE);
}
