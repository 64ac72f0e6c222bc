within Modelica.Mechanics.Rotational.Examples;
model SignTorqueBraking "Braking torques on spinning inertias, SignTorque with the MSL 3.2.3 name tau_constant"
  extends Modelica.Icons.Example;
  parameter SI.AngularVelocity w_start=100 "Initial speed";
  Components.Inertia inertia1(
    J=1,
    phi(fixed=true, start=0),
    w(fixed=true, start=w_start));
  Sources.SignTorque signTorque(tau_constant=-100, w0=1);
  Components.Inertia inertia2(
    J=2,
    phi(fixed=true, start=0),
    w(fixed=true, start=w_start));
  Sources.SignTorque signTorqueMsl4(tau_nominal=-100, w0=1);
  Components.Inertia inertia3(
    J=1,
    phi(fixed=true, start=0),
    w(fixed=true, start=w_start));
  Sources.ConstantTorque constantTorque(tau_constant=-100);
equation
  connect(signTorque.flange, inertia1.flange_b);
  connect(signTorqueMsl4.flange, inertia2.flange_b);
  connect(inertia3.flange_b, constantTorque.flange);
  annotation (experiment(StopTime=0.9, Interval=0.01));
end SignTorqueBraking;
