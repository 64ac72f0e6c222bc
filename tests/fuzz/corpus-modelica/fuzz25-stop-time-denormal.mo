within Modelica.Mechanics.Rotational.Examples;
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
  annotation (experiment(StopTime=1e-320));
end Backlash;
