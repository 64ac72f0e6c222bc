model M
  Real x;
  Modelica.Blocks.Sources.Constant k;
equation
  connect(k.y, x.u);
end M;
