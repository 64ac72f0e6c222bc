/* sw-catalog.c: the list of every component kind.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-kinds-private.h"
#include "sw-gear-mesh-private.h"

#include <string.h>

static const SwKind *const kinds[] = {
  /* Rotational */
  &sw_kind_rot_fixed,
  &sw_kind_rot_inertia,
  &sw_kind_rot_tb_mass,
  &sw_kind_rot_spring,
  &sw_kind_rot_damper,
  &sw_kind_rot_spring_damper,
  &sw_kind_rot_shaft,
  &sw_kind_rot_viscous_damper,
  &sw_kind_rot_tuned_absorber,
  &sw_kind_rot_disc,
  &sw_kind_rot_rigidity,
  &sw_kind_rot_custom_coupling,
  &sw_kind_rot_end_stop,
  /* Translational */
  &sw_kind_trans_fixed,
  &sw_kind_trans_mass,
  &sw_kind_trans_tb_mass,
  &sw_kind_trans_rod,
  &sw_kind_trans_vehicle,
  &sw_kind_trans_spring,
  &sw_kind_trans_damper,
  &sw_kind_trans_spring_damper,
  &sw_kind_trans_line_force_with_mass,
  &sw_kind_trans_line_force_two_masses,
  &sw_kind_trans_spring_damper_series,
  &sw_kind_trans_rigidity,
  &sw_kind_trans_custom_coupling,
  &sw_kind_trans_end_stop,
  /* Transmission */
  &sw_kind_rot_ideal_gear,
  &sw_kind_trans_ideal_gear,
  &sw_kind_rot_gear_pair,
  &sw_kind_trans_rack_pinion,
  &sw_kind_rot_worm_wheel,
  &sw_kind_rot_ideal_planetary,
  &sw_kind_rot_gear_loss,
  &sw_kind_ideal_gear_r2t,
  &sw_kind_ideal_rolling_wheel,
  &sw_kind_tsf_rot_rot,
  &sw_kind_tsf_rot_trans,
  &sw_kind_tsf_trans_rot,
  &sw_kind_tsf_trans_trans,
  /* Friction and clutches */
  &sw_kind_rot_bearing_friction,
  &sw_kind_rot_brake,
  &sw_kind_rot_clutch,
  &sw_kind_rot_one_way_clutch,
  &sw_kind_rot_elasto_backlash,
  &sw_kind_rot_elasto_backlash2,
  &sw_kind_rot_lossy_gear,
  &sw_kind_rot_gearbox,
  &sw_kind_trans_support_friction,
  &sw_kind_trans_brake,
  &sw_kind_trans_elasto_gap,
  &sw_kind_trans_mass_with_stop_and_friction,
  &sw_kind_rot_latch,
  &sw_kind_trans_latch,
  /* Engines and loads */
  &sw_kind_rot_engine,
  &sw_kind_rot_engine_speed,
  &sw_kind_rot_fan,
  /* Sensors */
  &sw_kind_rot_angle_sensor,
  &sw_kind_rot_speed_sensor,
  &sw_kind_rot_acc_sensor,
  &sw_kind_rot_rel_angle_sensor,
  &sw_kind_rot_rel_speed_sensor,
  &sw_kind_rot_rel_acc_sensor,
  &sw_kind_rot_torque_sensor,
  &sw_kind_rot_power_sensor,
  &sw_kind_trans_position_sensor,
  &sw_kind_trans_speed_sensor,
  &sw_kind_trans_acc_sensor,
  &sw_kind_trans_rel_position_sensor,
  &sw_kind_trans_rel_speed_sensor,
  &sw_kind_trans_rel_acc_sensor,
  &sw_kind_trans_force_sensor,
  &sw_kind_trans_power_sensor,
  &sw_kind_rot_multi_sensor,
  &sw_kind_trans_multi_sensor,
  &sw_kind_rot_relative_states,
  &sw_kind_trans_relative_states,
  /* Sources */
  &sw_kind_rot_torque,
  &sw_kind_rot_constant_torque,
  &sw_kind_rot_torque_step,
  &sw_kind_rot_linear_speed_torque,
  &sw_kind_rot_quadratic_speed_torque,
  &sw_kind_rot_sign_torque,
  &sw_kind_rot_inverse_speed_torque,
  &sw_kind_rot_eddy_current_torque,
  &sw_kind_rot_speed,
  &sw_kind_rot_position,
  &sw_kind_rot_accelerate,
  &sw_kind_trans_force,
  &sw_kind_trans_constant_force,
  &sw_kind_trans_force_step,
  &sw_kind_trans_linear_speed_force,
  &sw_kind_trans_quadratic_speed_force,
  &sw_kind_trans_sign_force,
  &sw_kind_trans_inverse_speed_force,
  &sw_kind_trans_eddy_current_force,
  &sw_kind_trans_speed,
  &sw_kind_trans_position,
  &sw_kind_trans_accelerate,
  &sw_kind_rot_constant_speed, &sw_kind_rot_torque2, &sw_kind_rot_move, &sw_kind_rot_initialize_flange,
  &sw_kind_trans_constant_speed, &sw_kind_trans_force2, &sw_kind_trans_move, &sw_kind_trans_initialize_flange,
};

const SwKind *const *
sw_catalog_get_kinds (guint *n_kinds)
{
  if (n_kinds != NULL)
    *n_kinds = G_N_ELEMENTS (kinds);
  return kinds;
}

const SwKind *
sw_catalog_lookup (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (strcmp (kinds[i]->name, name) == 0)
      return kinds[i];
  return NULL;
}

int
sw_kind_find_port (const SwKind *kind, const char *name)
{
  for (guint i = 0; i < kind->n_ports; i++)
    if (strcmp (kind->ports[i].name, name) == 0)
      return (int) i;
  return -1;
}

int
sw_kind_find_param (const SwKind *kind, const char *name)
{
  for (guint i = 0; i < kind->n_params; i++)
    if (strcmp (kind->params[i].name, name) == 0)
      return (int) i;
  return -1;
}

int
sw_kind_find_var (const SwKind *kind, const char *name)
{
  for (guint i = 0; i < kind->n_vars; i++)
    if (strcmp (kind->vars[i].name, name) == 0)
      return (int) i;
  return -1;
}

const char *
sw_kind_port_variable (const SwKind *kind, guint k, char *buf, gsize size, const char **unit)
{
  gboolean rot, torque = k % 2;

  g_return_val_if_fail (kind != NULL && k < 3 * kind->n_ports, NULL);

  /* After the two per port, a port's speed (by name only). */
  if (k >= 2 * kind->n_ports)
    {
      guint port = k - 2 * kind->n_ports;

      rot = kind->ports[port].domain == SW_DOMAIN_ROTATIONAL;
      if (unit != NULL)
        *unit = rot ? "rad/s" : "m/s";
      g_snprintf (buf, size, "%s.%s", kind->ports[port].name, rot ? "w" : "v");
      return buf;
    }
  rot = kind->ports[k / 2].domain == SW_DOMAIN_ROTATIONAL;
  if (unit != NULL)
    *unit = torque ? (rot ? "N.m" : "N") : (rot ? "rad" : "m");
  g_snprintf (buf, size, "%s.%s", kind->ports[k / 2].name, torque ? (rot ? "tau" : "f") : (rot ? "phi" : "s"));
  return buf;
}

const char *
sw_kind_main_variable (const SwKind *kind)
{
  g_return_val_if_fail (kind != NULL, NULL);

  if (kind->main_var != NULL)
    return kind->main_var;
  return kind->n_vars > 0 ? kind->vars[0].name : NULL;
}
