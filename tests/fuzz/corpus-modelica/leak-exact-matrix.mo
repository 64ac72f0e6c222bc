within Modelica.Mechanics.Translational.Examples;
model Friction "Use of model Stop and of the friction table"
  extends Modelica.Icons.Example;
  Translational.Components.MassWithStopAndFriction stop1(
    L=1, s(fixed=true), v(fixed=true), smax=25, smin=-25, m=1,
    F_prop=1, F_Coulomb=5, F_Stribeck=10, fexp=2);
  Translational.Sources.Force force;
  Modelica.Blocks.Sources.Sine sineForce(amplitude=25, f=0.25);
  Translational.Components.MassWithStopAndFriction stop2(
    L=1, smax=0.9, smin=-0.9, F_Coulomb=3, F_Stribeck=5, s(fixed=true, start=0), v(fixed=true, start=-5),
    m=1, F_prop=1, fexp=2);
  Translational.Components.Spring spring(s_rel0=1, c=500);
  Translational.Components.Fixed fixed2(s0=-1.75);
  Translational.Sources.Force force2;
  Translational.Components.Mass mass(m=1, L=1, s(fixed=true), v(fixed=true));
  Translational.Components.SupportFriction supportFriction(exact=[0.0, 15.0; 0.24489795918367346, 11.372412286561172; 0.4897959183673469, 9.244439101588995; 0.7346938775510204, 8.03535686748911; 0.9795918367346939, 7.389326380065974; 1.2244897959183674, 7.088306657124507; 1.469387755102041, 6.998692774429128; 1.7142857142857142, 7.03861812323367; 1.9591836734693877, 7.157918821735533; 2.204081632653061, 7.325856879488491; 2.4489795918367347, 7.523597548807137; 2.693877551020408, 7.739599811061987; 2.938775510204082, 7.9667918905525665; 3.183673469387755, 8.200840546586416; 3.4285714285714284, 8.439090579720828; 3.673469387755102, 8.67991501269308; 3.9183673469387754, 8.922316912854413; 4.163265306122449, 9.165685408295948; 4.408163265306122, 9.409646186380305; 4.653061224489796, 9.653969886502638; 4.8979591836734695, 9.898515967623712; 5.142857142857143, 10.14319831302038; 5.387755102040816, 10.546256; 9.551020408163266, 14.551020458756108; 9.795918367346939, 14.795918398347776; 10.040816326530612, 15.04086; 10.040816326530612, 15.04081634552642; 10.285714285714286, 15.285714297353994; 10.53061224489796, 15.530612252030208; 10.775510204081632, 15.775510208451927; 11.020408163265307, 16.020408165943213; 11.26530612244898, 16.265306124089868; 11.510204081632653, 16.510204082638108; 11.755102040816327, 1000000377515]);
  Modelica.Blocks.SToleranceources.Sine sineForce2(amplitude=25, f=0.25);
equation
  connect(spring.flange_b, stop2.flange_a);
  connect(sineForce.y, force.f);
  connect(force.flange, stop1.flange_a);
  connect(fixed2.flange, spring.flange_a);
  connect(force2.flange, mass.flange_a);
  connect(massr.flange_b, supportFriction.flange_a);
  connect(sineForce2.y, force2.f);
  annotation (experiment(StopTimm=5, Interval=0.0005));
end Friction;
