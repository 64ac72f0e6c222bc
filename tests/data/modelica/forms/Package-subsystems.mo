within ;
package MyLib "a user's package"
  model Flywheel "a flywheel with its own flange"
    parameter Real J_fly(unit="kg.m2") = 4 "Flywheel inertia";
    Modelica.Mechanics.Rotational.Interfaces.Flange_b flange;
    Modelica.Mechanics.Rotational.Components.Inertia inertia(J=J_fly);
  equation
    connect(inertia.flange_b, flange);
  end Flywheel;
  package Units
    model Engine "Engine unit"
      parameter Real J_fly(unit="kg.m2") = 4 "Flywheel inertia";
      Modelica.Mechanics.Rotational.Interfaces.Flange_b flange;
      Modelica.Blocks.Sources.Constant torque_tau(k=100);
      Modelica.Mechanics.Rotational.Sources.Torque torque;
      MyLib.Flywheel flywheel(J_fly=J_fly);
    equation
      connect(torque_tau.y, torque.tau);
      connect(torque.flange, flywheel.flange);
      connect(flywheel.flange, flange);
    end Engine;
  end Units;
  model Car "two engines on a load"
    extends Modelica.Icons.Example;
    Units.Engine engine1(J_fly=2);
    MyLib.Units.Engine engine2(J_fly=3);
    Modelica.Mechanics.Rotational.Components.Inertia load(J=5, phi(fixed=true, start=0), w(fixed=true, start=0));
  equation
    connect(engine1.flange, load.flange_a);
    connect(engine2.flange, load.flange_b);
    annotation (experiment(StopTime=1, Interval=0.01));
  end Car;
end MyLib;
