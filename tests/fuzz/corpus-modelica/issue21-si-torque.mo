model M
  import SI = Modelica.SIunits;
  SI.Torque tau;
  Modelica.Blocks.Sources.Constant k;
equation
  connect(k.y, tau);
end M;
