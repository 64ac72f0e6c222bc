package ModelicaServices "ModelicaServices (OpenModelica implementation) - Models and functions used in the Modelica Standard Library requiring a tool specific implementation"
  extends Modelica.Icons.Package;

  package Machine "Machine dependent constants"
    extends Modelica.Icons.Package;
    final constant Real eps = 1e-15 "Biggest number such that 1.0 + eps = 1.0";
    final constant Real small = 1e-60 "Smallest number such that small and -small are representable on the machine";
    final constant Real inf = 1e60 "Biggest Real number such that inf and -inf are representable on the machine";
    final constant Integer Integer_inf = OpenModelica.Internal.Architecture.integerMax() "Biggest Integer number such that Integer_inf and -Integer_inf are representable on the machine";
  end Machine;
  annotation(Protection(access = Access.hide), version = "4.0.0", versionDate = "2020-06-04", dateModified = "2020-06-04 11:00:00Z");
end ModelicaServices;

operator record Complex "Complex number with overloaded operators"
  replaceable Real re "Real part of complex number";
  replaceable Real im "Imaginary part of complex number";

  encapsulated operator 'constructor' "Constructor"
    function fromReal "Construct Complex from Real"
      import Complex;
      input Real re "Real part of complex number";
      input Real im = 0 "Imaginary part of complex number";
      output Complex result(re = re, im = im) "Complex number";
    algorithm
      annotation(Inline = true);
    end fromReal;
  end 'constructor';

  encapsulated operator function '0' "Zero-element of addition (= Complex(0))"
    import Complex;
    output Complex result "Complex(0)";
  algorithm
    result := Complex(0);
    annotation(Inline = true);
  end '0';
  annotation(Protection(access = Access.hide), version = "4.0.0", versionDate = "2020-06-04");
end Complex;

package Modelica "Modelica Standard Library - Version 4.0.0"
  extends Modelica.Icons.Package;

  package Mechanics "Library of 1-dim. and 3-dim. mechanical components (multi-body, rotational, translational)"
    extends Modelica.Icons.Package;

    package Rotational "Library to model 1-dimensional, rotational mechanical systems"
      extends Modelica.Icons.Package;
      import Modelica.Units.SI;

      package Components "Components for 1D rotational mechanical drive trains"
        extends Modelica.Icons.Package;

        model Inertia "1D-rotational component with inertia"
          parameter SI.Inertia J(min = 0, start = 1) "Moment of inertia";
          parameter StateSelect stateSelect = StateSelect.default "Priority to use phi and w as states" annotation(
            HideResult = true,
            Dialog(tab = "Advanced"));
          SI.Angle phi(stateSelect = stateSelect) "Absolute rotation angle of component" annotation(
            Dialog(group = "Initialization", showStartAttribute = true));
          SI.AngularVelocity w(stateSelect = stateSelect) "Absolute angular velocity of component (= der(phi))" annotation(
            Dialog(group = "Initialization", showStartAttribute = true));
          extends Rotational.Interfaces.PartialTwoFlanges;
        equation
          phi = flange_a.phi;
          phi = flange_b.phi;
          w = der(phi);
          a = der(w);
          J*a = flange_a.tau + flange_b.tau;
          annotation(
            Icon(coordinateSystem(preserveAspectRatio = true, extent = {{-100, -100}, {100, 100}}), graphics = {Rectangle(lineColor = {64, 64, 64}, fillColor = {255, 255, 255}, fillPattern = FillPattern.HorizontalCylinder, extent = {{-100, -10}, {-50, 10}})}));
        end Inertia;
      end Components;
    end Rotational;
  end Mechanics;

  package Icons "Library of icons"
    extends Icons.Package;

    partial package ExamplesPackage "Icon for packages containing runnable examples"
      extends Modelica.Icons.Package;
    end ExamplesPackage;

    partial model Example "Icon for runnable examples"
      annotation(
        Icon(coordinateSystem(preserveAspectRatio = false, extent = {{-100, -100}, {100, 100}}), graphics = {Ellipse(lineColor = {75, 138, 73}, fillColor = {255, 255, 255}, fillPattern = FillPattern.Solid, extent = {{-100, -100}, {100, 100}}), Polygon(lineColor = {0, 0, 255}, fillColor = {75, 138, 73}, pattern = LinePattern.None, fillPattern = FillPattern.Solid, points = {{-36, 60}, {64, 0}, {-36, -60}, {-36, 60}})}));
    end Example;

    partial package Package "Icon for standard packages"
    end Package;
  end Icons;

  package Units "Library of type and unit definitions"
    extends Modelica.Icons.Package;
    package SI "Library of SI unit definitions"
      extends Modelica.Icons.SIunitsPackage;
      type Angle = Real(final quantity = "Angle", final unit = "rad", displayUnit = "deg");
      type Inertia = MomentOfInertia;
    end SI;
  end Units;
  annotation(
    version = "4.0.0",
    versionDate = "2020-06-04",
    dateModified = "2020-06-04 11:00:00Z");
end Modelica;

model First "First example: simple drive train"
  extends Modelica.Icons.Example;
  parameter Modelica.Units.SI.Torque amplitude = 10 "Amplitude of driving torque";
  parameter Modelica.Units.SI.Frequency f = 5 "Frequency of driving torque";
  parameter Modelica.Units.SI.Inertia Jmotor(min = 0) = 0.1 "Motor inertia";
  parameter Modelica.Units.SI.Inertia Jload(min = 0) = 2 "Load inertia";
  parameter Real ratio = 10 "Gear ratio";
  parameter Real damping = 10 "Damping in bearing of gear";
  Modelica.Mechanics.Rotational.Components.Fixed fixed annotation(
    Placement(visible = true, transformation(origin = {46, -40}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
  Modelica.Mechanics.Rotational.Sources.Torque torque(useSupport = true) annotation(
    Placement(visible = true, transformation(origin = {-60, 0}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
  Modelica.Mechanics.Rotational.Components.Inertia inertia1(J = Jmotor) annotation(
    Placement(visible = true, transformation(origin = {-30, 0}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
  Modelica.Mechanics.Rotational.Components.IdealGear idealGear(ratio = ratio, useSupport = true) annotation(
    Placement(visible = true, transformation(origin = {0, 0}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
  Modelica.Mechanics.Rotational.Components.Inertia inertia2(J = 2, phi(fixed = true, start = 0), w(fixed = true, start = 0)) annotation(
    Placement(visible = true, transformation(origin = {30, 0}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
  Modelica.Mechanics.Rotational.Components.Spring spring(c = 1.e4, phi_rel(fixed = true)) annotation(
    Placement(visible = true, transformation(origin = {60, 0}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
  Modelica.Mechanics.Rotational.Components.Inertia inertia3(J = Jload, w(fixed = true, start = 0)) annotation(
    Placement(visible = true, transformation(origin = {90, 0}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
  Modelica.Mechanics.Rotational.Components.Damper damper(d = damping) annotation(
    Placement(visible = true, transformation(origin = {46, -22}, extent = {{-8, -8}, {8, 8}}, rotation = -90)));
  Modelica.Blocks.Sources.Sine sine(amplitude = amplitude, f = f) annotation(
    Placement(visible = true, transformation(origin = {-90, 0}, extent = {{-8, -8}, {8, 8}}, rotation = 0)));
equation
  connect(inertia1.flange_b, idealGear.flange_a) annotation(
    Line(points = {{-22, 0}, {-8, 0}}));
  connect(idealGear.flange_b, inertia2.flange_a) annotation(
    Line(points = {{8, 0}, {22, 0}}));
  connect(inertia2.flange_b, spring.flange_a) annotation(
    Line(points = {{38, 0}, {52, 0}}));
  connect(spring.flange_b, inertia3.flange_a) annotation(
    Line(points = {{68, 0}, {82, 0}}));
  connect(damper.flange_a, inertia2.flange_b) annotation(
    Line(points = {{46, -14}, {46, 0}, {38, 0}}));
  connect(damper.flange_b, fixed.flange) annotation(
    Line(points = {{46, -30}, {46, -40}}));
  connect(sine.y, torque.tau) annotation(
    Line(points = {{-81.2, 0}, {-69.6, 0}}, color = {0, 0, 127}));
  connect(torque.support, fixed.flange) annotation(
    Line(points = {{-60, -8}, {-60, -40}, {46, -40}}));
  connect(idealGear.support, fixed.flange) annotation(
    Line(points = {{0, -8}, {0, -40}, {46, -40}}));
  connect(torque.flange, inertia1.flange_a) annotation(
    Line(points = {{-52, 0}, {-38, 0}}));
  annotation(
    uses(Modelica(version = "4.0.0")),
    experiment(StartTime = 0, StopTime = 1, Tolerance = 1e-06, Interval = 0.001),
    __OpenModelica_commandLineOptions = "--matchingAlgorithm=PFPlusExt --indexReductionMethod=dynamicStateSelection -d=initialization,NLSanalyticJacobian",
    __OpenModelica_simulationFlags(lv = "LOG_STATS", s = "dassl", variableFilter = ".*"),
    Diagram(coordinateSystem(extent = {{-100, -100}, {100, 100}})),
    Icon(coordinateSystem(extent = {{-100, -100}, {100, 100}})),
    version = "");
end First;
