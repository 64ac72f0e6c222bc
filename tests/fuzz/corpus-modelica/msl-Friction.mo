within Modelica.Mechanics.Rotational.Examples;
model Friction "Drive train with clutch and brake"
  import Modelica.Constants.pi;
  extends Modelica.Icons.Example;
  parameter SI.Time startTime=0.5 "Start time of step";
  Rotational.Components.Inertia inertia3(
    J=1,
    phi(fixed=true, start=0),
    w(start=100, fixed=true)) annotation (Placement(transformation(extent={{-10,-10},{10,10}})));
  Rotational.Components.Clutch clutch(fn_max=160) "Clutch"
    annotation (Placement(transformation(extent={{20,-10},{40,10}})));
  Rotational.Components.Inertia inertia2(
    J=0.05,
    phi(start=0, fixed=true),
    w(start=90, fixed=true));
  Rotational.Components.SpringDamper spring(c=160, d=1);
  Rotational.Components.Brake brake(fn_max=1600, useSupport=true);
  Rotational.Components.Inertia inertia1(
    J=1,
    phi(start=0, fixed=true),
    w(start=90, fixed=true));
  Rotational.Components.Fixed fixed;
  Rotational.Sources.Torque torque(useSupport=true);
  Modelica.Blocks.Sources.Constant const(k=1);
  Modelica.Blocks.Sources.Sine sine(amplitude=200, f=50/pi);
  Modelica.Blocks.Sources.Step step(startTime=startTime, height=-1, offset=1);
  Modelica.Blocks.Math.Product product;
  Modelica.Blocks.Sources.Step step2(height=1, startTime=startTime);
equation
  connect(torque.flange, inertia3.flange_a);
  connect(inertia3.flange_b, clutch.flange_a);
  connect(clutch.flange_b, inertia2.flange_a);
  connect(inertia2.flange_b, spring.flange_a);
  connect(spring.flange_b, brake.flange_a);
  connect(brake.flange_b, inertia1.flange_a);
  connect(const.y, clutch.f_normalized) annotation (Line(points={{30,21},{30,11}}, color={0,0,127}));
  connect(sine.y, product.u1);
  connect(step.y, product.u2);
  connect(product.y, torque.tau);
  connect(step2.y, brake.f_normalized);
  connect(torque.support, fixed.flange);
  connect(brake.support, fixed.flange);
  annotation (experiment(StopTime=3, Interval=0.0005, Tolerance=1e-06), Documentation(info="<html>
<p>This drive train contains a frictional <strong>clutch</strong> and a <strong>brake</strong>.</p></html>"));
end Friction;
