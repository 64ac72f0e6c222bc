/* test-modelica-thermal.c: heat ports and Modelica.Thermal.HeatTransfer
 * parts imported (sw-modelica-import-thermal.c): an algebraic network's
 * temperatures and heat flows as observed variables against the closed
 * form of its nodal equations, and the networks that are refused, at
 * their lines.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <string.h>

#include "sw-modelica.h"
#include "sw-test-run.h"

/* An inertia (J = 1, w0 = 10) braked by a damper (d = 2) whose heat port
 * meets a ThermalConductor (G = 4) to a second node, which a FixedHeatFlow
 * of 6 W heats and a ThermalResistor (R = 0.5 K/W) joins to 300 K. With P
 * the damper's lossPower: resistor.Q_flow = P + 6, T2 = 300 + (P + 6)/2,
 * conductor.Q_flow = P, T1 = T2 + P/4; P = d w^2 with w = 10 e^(-2 t). */
static const char network[] =
  "model Network\n"
  "  Modelica.Mechanics.Rotational.Components.Inertia inertia(J=1, phi(fixed=true, start=0), w(fixed=true, start=10));\n"
  "  Modelica.Mechanics.Rotational.Components.Damper damper(d=2, useHeatPort=true);\n"
  "  Modelica.Mechanics.Rotational.Components.Fixed fixed;\n"
  "  Modelica.Thermal.HeatTransfer.Components.ThermalConductor conductor(G=4);\n"
  "  Modelica.Thermal.HeatTransfer.Components.ThermalResistor resistor(R=0.5);\n"
  "  Modelica.Thermal.HeatTransfer.Sources.FixedHeatFlow heater(Q_flow=6);\n"
  "  Modelica.Thermal.HeatTransfer.Sources.FixedTemperature ambient(T=300);\n"
  "equation\n"
  "  connect(inertia.flange_b, damper.flange_b);\n"
  "  connect(damper.flange_a, fixed.flange);\n"
  "  connect(damper.heatPort, conductor.port_a);\n"
  "  connect(conductor.port_b, resistor.port_a);\n"
  "  connect(heater.port, resistor.port_a);\n"
  "  connect(resistor.port_b, ambient.port);\n"
  "  annotation(experiment(StopTime=1, Interval=0.01));\n"
  "end Network;\n";

static void
test_network (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import (network, -1, "network.mo", &error);
  g_autoptr (SwModel) back = NULL;
  g_autoptr (SwTrajectory) tr = NULL, again = NULL;
  g_autofree char *text = NULL;
  const double *t, *loss, *t1, *t2, *qc, *qr;

  g_assert_no_error (error);
  tr = sw_test_run_model (model, 0, 1e-10);
  t = sw_trajectory_get_times (tr);
  loss = sw_test_column (tr, "damper.lossPower");
  t1 = sw_test_column (tr, "conductor_port_a_T");
  t2 = sw_test_column (tr, "conductor_port_b_T");
  qc = sw_test_column (tr, "conductor_Q_flow");
  qr = sw_test_column (tr, "resistor_Q_flow");
  for (guint r = 0; r < sw_trajectory_get_n_rows (tr); r++)
    {
      double w = 10 * exp (-2 * t[r]), p = 2 * w * w;

      g_assert_cmpfloat_with_epsilon (loss[r], p, 1e-6 * 200);
      g_assert_cmpfloat_with_epsilon (qr[r], loss[r] + 6, 1e-12 * 206);
      g_assert_cmpfloat_with_epsilon (t2[r], 300 + (loss[r] + 6) / 2, 1e-12 * 400);
      g_assert_cmpfloat_with_epsilon (qc[r], loss[r], 1e-12 * 200);
      g_assert_cmpfloat_with_epsilon (t1[r], t2[r] + loss[r] / 4, 1e-12 * 450);
    }
  /* Written back (the network as its formulas) it runs the same. */
  text = sw_modelica_export (model, &error);
  g_assert_no_error (error);
  back = sw_modelica_import (text, -1, "back.mo", &error);
  g_assert_no_error (error);
  again = sw_test_run_model (back, 0, 1e-10);
  g_assert_cmpfloat (sw_test_assert_same_run (tr, again, NULL, 0, 0), ==, 0);
}

/* What the import refuses, each at its line with what is supported. */
static void
test_refused (void)
{
  static const struct {
    const char *replace, *with, *says;
  } cases[] = {
    /* A heat port the component has not switched on. */
    { "damper(d=2, useHeatPort=true)", "damper(d=2)", "network.mo:12:3: error: connect (damper.heatPort, "
      "conductor.port_a): damper has no heat port; set useHeatPort = true" },
    /* A heat capacity: the network is dynamic. */
    { "Sources.FixedHeatFlow heater(Q_flow=6)", "Components.HeatCapacitor heater(C=6)",
      "network.mo:7:58: error: heater (Modelica.Thermal.HeatTransfer.Components.HeatCapacitor): a heat capacity" },
    /* No fixed temperature: no steady state. */
    { "connect(resistor.port_b, ambient.port);", "", "is joined to no fixed temperature" },
    /* A class not supported. */
    { "Sources.FixedTemperature ambient(T=300)", "Sources.PrescribedTemperature ambient",
      "network.mo:8:63: error: ambient (Modelica.Thermal.HeatTransfer.Sources.PrescribedTemperature) is not supported" },
    /* A modifier not understood. */
    { "conductor(G=4)", "conductor(G=4, Gx=1)", "network.mo:5:" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr (GString) text = g_string_new (network);
      g_autoptr (GError) error = NULL;
      g_autoptr (SwModel) model = NULL;

      g_assert_cmpuint (g_string_replace (text, cases[k].replace, cases[k].with, 1), ==, 1);
      model = sw_modelica_import (text->str, -1, "network.mo", &error);
      g_assert_null (model);
      sw_test_assert_error_says (error, cases[k].says);
    }
}

/* An eddy current brake's heat port on a HeatCapacitor alone is its own
 * thermal mass (C, T_start from T(start)); on a network whose temperature
 * it would depend on, an error. */
static void
test_eddy_current (void)
{
  static const char brake[] =
    "model Brake\n"
    "  Modelica.Mechanics.Rotational.Sources.EddyCurrentTorque ec(tau_nominal=5, w_nominal=2, useHeatPort=true,\n"
    "    alpha20=Modelica.Electrical.Machines.Thermal.Constants.alpha20Aluminium);\n"
    "  Modelica.Mechanics.Rotational.Components.Inertia j(J=1, w(start=3, fixed=true));\n"
    "  Modelica.Thermal.HeatTransfer.Components.HeatCapacitor cap(C=2, T(start=300, fixed=true));\n"
    "equation\n"
    "  connect(ec.flange, j.flange_a);\n"
    "  connect(ec.heatPort, cap.port);\n"
    "end Brake;\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (SwModel) model = sw_modelica_import (brake, -1, "brake.mo", &error);
  g_autoptr (GString) convection = g_string_new (brake);
  const SwComponent *ec;
  const SwObservedEntry *observed;
  guint n_observed;

  g_assert_no_error (error);
  ec = sw_model_get_component (model, (guint) sw_model_find_component (model, "ec"));
  g_assert_cmpfloat (ec->param[sw_kind_find_param (ec->kind, "C")], ==, 2);
  g_assert_cmpfloat (ec->param[sw_kind_find_param (ec->kind, "T_start")], ==, 300);
  g_assert_cmpfloat (ec->param[sw_kind_find_param (ec->kind, "alpha20")], ==, 4e-3);
  /* The capacitor's temperature under its own name: the brake's. */
  observed = sw_model_get_observed (model, &n_observed);
  g_assert_cmpuint (n_observed, ==, 1);
  g_assert_cmpstr (observed[0].name, ==, "cap.T");
  g_assert_cmpstr (observed[0].expression, ==, "ec.TheatPort");
  g_assert_cmpstr (observed[0].unit, ==, "K");
  g_clear_object (&model);
  /* The capacitor joined to ambient through a conductor: a network. */
  g_string_replace (convection, "  connect(ec.heatPort, cap.port);\n",
                    "  connect(ec.heatPort, cap.port);\n  connect(cap.port, g.port_a);\n  connect(g.port_b, amb.port);\n", 1);
  g_string_replace (convection, "equation\n", "  Modelica.Thermal.HeatTransfer.Components.ThermalConductor g(G=1);\n"
                    "  Modelica.Thermal.HeatTransfer.Sources.FixedTemperature amb(T=300);\nequation\n", 1);
  model = sw_modelica_import (convection->str, -1, "brake.mo", &error);
  g_assert_null (model);
  sw_test_assert_error_says (error, "a heat capacity makes the thermal network dynamic");
  g_clear_error (&error);
  /* Without the capacitor: the brake's temperature would be the network's. */
  g_string_replace (convection, "  Modelica.Thermal.HeatTransfer.Components.HeatCapacitor cap(C=2, T(start=300, fixed=true));\n",
                    "", 1);
  g_string_replace (convection, "cap.port", "ec.heatPort", 0);
  model = sw_modelica_import (convection->str, -1, "brake.mo", &error);
  g_assert_null (model);
  sw_test_assert_error_says (error, "brake.mo:2:");
  sw_test_assert_error_says (error, "ec.heatPort: an eddy current brake's torque depends on its temperature");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/modelica/thermal/network", test_network);
  g_test_add_func ("/modelica/thermal/refused", test_refused);
  g_test_add_func ("/modelica/thermal/eddy-current", test_eddy_current);
  return g_test_run ();
}
