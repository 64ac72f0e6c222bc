within Modelica.Mechanics.Rotational;
package Examples "Demonstration examples of the components of this package"
  extends Modelica.Icons.ExamplesPackage;

  model First "First example: simple drive train"
    extends Modelica.Icons.Example;
    parameter SI.Torque amplitude=10 "Amplitude of driving torque";
    parameter SI.Frequency f=5 "Frequency of driving torque";
    parameter SI.Inertia Jmotor(min=0)=0.1 "Motor inertia";
    parameter SI.Inertia Jload(min=0)=2 "Load inertia";
    parameter Real ratio=10 "Gear ratio";
    parameter Real damping=10 "Damping in bearing of gear";

    Rotational.Components.Fixed fixed annotation (Placement(transformation(
            extent={{38,-48},{54,-32}})));
    Rotational.Sources.Torque torque(useSupport=true) annotation (Placement(
          transformation(extent={{-68,-8},{-52,8}})));
    Rotational.Components.Inertia inertia1(
      J=Jmotor) annotation (Placement(transformation(extent={{-38,-8},{-22,8}})));
    Rotational.Components.IdealGear idealGear(ratio=ratio, useSupport=true)
      annotation (Placement(transformation(extent={{-8,-8},{8,8}})));
    Rotational.Components.Inertia inertia2(
      J=2,
      phi(fixed=true, start=0),
      w(fixed=true, start=0)) annotation (Placement(transformation(extent={{22,-8},{38,8}})));
    Rotational.Components.Spring spring(c=1.e4, phi_rel(fixed=true))
      annotation (Placement(transformation(extent={{52,-8},{68,8}})));
    Rotational.Components.Inertia inertia3(J=Jload, w(fixed=true, start=0))
      annotation (Placement(transformation(extent={{82,-8},{98,8}})));
    Rotational.Components.Damper damper(d=damping) annotation (Placement(
          transformation(
          origin={46,-22},
          extent={{-8,-8},{8,8}},
          rotation=270)));
    Modelica.Blocks.Sources.Sine sine(amplitude=amplitude, f=f)
      annotation (Placement(transformation(extent={{-98,-8},{-82,8}})));
  equation
    connect(inertia1.flange_b, idealGear.flange_a)
      annotation (Line(points={{-22,0},{-8,0}}));
    connect(idealGear.flange_b, inertia2.flange_a)
      annotation (Line(points={{8,0},{22,0}}));
    connect(inertia2.flange_b, spring.flange_a)
      annotation (Line(points={{38,0},{52,0}}));
    connect(spring.flange_b, inertia3.flange_a)
      annotation (Line(points={{68,0},{82,0}}));
    connect(damper.flange_a, inertia2.flange_b)
      annotation (Line(points={{46,-14},{46,0},{38,0}}));
    connect(damper.flange_b, fixed.flange)
      annotation (Line(points={{46,-30},{46,-40}}));
    connect(sine.y, torque.tau)
      annotation (Line(points={{-81.2,0},{-69.6,0}}, color={0,0,127}));
    connect(torque.support, fixed.flange)
      annotation (Line(points={{-60,-8},{-60,-40},{46,-40}}));
    connect(idealGear.support, fixed.flange)
      annotation (Line(points={{0,-8},{0,-40},{46,-40}}));
    connect(torque.flange, inertia1.flange_a)
      annotation (Line(points={{-52,0},{-38,0}}));
    annotation (Documentation(info="<html>
  <p>The drive train consists of a motor inertia which is driven by
  a sine-wave motor torque. Via a gearbox the rotational energy is
  transmitted to a load inertia. Elasticity in the gearbox is modeled
  by a spring element. A linear damper is used to model the
  damping in the gearbox bearing.</p>
  </html>"),
         experiment(StopTime=1.0, Interval=0.001));
  end First;

  model Backlash "Example to demonstrate backlash"
    extends Modelica.Icons.Example;
    Rotational.Components.Fixed fixed1;
    Rotational.Components.SpringDamper springDamper(c=20E3, d=50);
    Rotational.Components.Inertia inertia1(
      J=5,
      phi(fixed=true, start=Modelica.Constants.pi/2),
      w(fixed=true, start=0));
    Rotational.Components.Fixed fixed2;
    Rotational.Components.ElastoBacklash elastoBacklash(
      b(displayUnit="deg") = Modelica.Units.Conversions.from_deg(45),
      c=20E3,
      d=50);
    Rotational.Components.Inertia inertia2(
      J=5,
      phi(fixed=true, start=Modelica.Units.Conversions.from_deg(90)),
      w(fixed=true, start=0));
  equation
    connect(fixed1.flange, springDamper.flange_a);
    connect(springDamper.flange_b, inertia1.flange_a);
    connect(fixed2.flange, elastoBacklash.flange_a);
    connect(elastoBacklash.flange_b, inertia2.flange_a);
    annotation (experiment(StopTime=1, Interval=0.0005));
  end Backlash;

  package Utilities "Utility classes used by the Example models"
    extends Modelica.Icons.UtilitiesPackage;

    model DirectInertia "Input/output block of a direct inertia model"
      extends Modelica.Blocks.Icons.Block;
      parameter SI.Inertia J(min=Modelica.Constants.eps) = 1 "Inertia";
      Modelica.Mechanics.Rotational.Components.Inertia inertia(J=J);
      Modelica.Blocks.Interfaces.RealInput tau(unit="N.m") "Accelerating torque";
      Modelica.Blocks.Interfaces.RealOutput phi(unit="rad") "Angle";
    equation
      phi = inertia.phi;
      annotation (Documentation(info="<html><p>Not runnable by itself; has equations.</p></html>"));
    end DirectInertia;

    partial model PartialDrive "A partial model is never a choice"
      Modelica.Mechanics.Rotational.Components.Inertia inertia(J=1);
    end PartialDrive;

    function twice "A function is passed over"
      input Real x;
      output Real y;
    algorithm
      y := 2*x;
      if y > 1 then
        y := y;
      end if;
    end twice;

    connector Pin = Modelica.Electrical.Analog.Interfaces.Pin "A short class";
    type Ratio = Real(final quantity="Ratio", unit="1");
    record Data "A record"
      parameter Real k = 1;
    end Data;
  end Utilities;
  annotation (Documentation(info="<html>
<p>This package contains example models to demonstrate the usage of the
Modelica.Mechanics.Rotational package. Open the models and
simulate them according to the provided description in the models.</p>
<p>A string with \"end Examples;\" and model X end X; inside it.</p>
</html>"));
end Examples;
