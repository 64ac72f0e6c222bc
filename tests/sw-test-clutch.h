/* sw-test-clutch.h: the clutch drivetrain that the friction tests of the
 * core and of the command line share: J1 (2) and J2 (3) joined by a clutch
 * (fn_max 100; mue 0.5 slips at 50 N.m), J2 held by a spring c = 600 to the
 * ground, a torque source on J1; all at rest. f_normalized and the
 * clutch's mue_pos table are given as JSON text.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Coulomb friction: mue 0.5 at every relative speed. */
#define SW_TEST_COULOMB "[[0, 0.5]]"

#define SW_TEST_CLUTCH_MODEL(f_normalized, mue)                                                               \
  "{\"format\": \"shaftwork-model\", \"version\": 1, \"name\": \"clutch\", \"components\": ["                  \
  "{\"id\": \"drive\", \"kind\": \"rotational.torque\", \"params\": {\"tau\": 0}},"                            \
  "{\"id\": \"J1\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 2, \"phi0\": 0, \"w0\": 0}},"        \
  "{\"id\": \"clutch\", \"kind\": \"rotational.clutch\", \"params\": {\"fn_max\": 100, \"mue_pos\": " mue ", " \
  "\"f_normalized\": " f_normalized "}},"                                                                       \
  "{\"id\": \"J2\", \"kind\": \"rotational.inertia\", \"params\": {\"J\": 3, \"phi0\": 0, \"w0\": 0}},"        \
  "{\"id\": \"spring\", \"kind\": \"rotational.spring\", \"params\": {\"c\": 600}},"                           \
  "{\"id\": \"ground\", \"kind\": \"rotational.fixed\"}],"                                                      \
  "\"connections\": [{\"from\": \"drive.flange\", \"to\": \"J1.flange_a\"},"                                   \
  "{\"from\": \"J1.flange_b\", \"to\": \"clutch.flange_a\"}, {\"from\": \"clutch.flange_b\", \"to\": \"J2.flange_a\"}," \
  "{\"from\": \"J2.flange_b\", \"to\": \"spring.flange_a\"}, {\"from\": \"spring.flange_b\", \"to\": \"ground.flange\"}]}"
