// Copyright 2026 The eddy Authors.
//
// A model's data-version migration, verified before, during and after: a
// seed model whose keys start with `${version}` may declare, in its
// workload, the scenario's "migration" section (model/lab/scenario.h's
// MigrationSpec, the same names and shape):
//
//   "workload": {"constants": {"version": "v1"},
//                "migration": {"fromVersion": "v1", "toVersion": "v2",
//                              "backfill": {"perSecond": 500}}, ...}
//
// AddModelMigration sets RunOptions::migrate so that RunModel, after its
// own verified runs of every access pattern (the "before" phase, at the
// old version the model's items are generated at), runs the migration on
// the loaded table with the lab's Migration bookkeeping (migration.h) in
// virtual seconds:
//   - dual writes from dualWriteAtSecond: the application re-writes one
//     loaded item a second, unchanged, to both versions (a model run makes
//     no writes of its own beyond the load; unchanged, the ground truth
//     stays exact);
//   - the backfill from backfill.atSecond: Scan pages of scanPageItems,
//     each old-version item copied to the new version by a PutItem
//     conditional on attribute_not_exists (a dual write already there
//     wins), perSecond copies a virtual second (0: one scan page's worth);
//   - the cutover of reads at cutoverAtSecond, else when the backfill ends;
//   - every virtual second from the dual writes until the migration ends,
//     every access pattern is run once and verified (RunOptions::migrate's
//     VerifyReads) at the version reads go to ("during"); seconds before
//     the dual writes count as "before". Seconds in which nothing can
//     change (before the dual writes; after the dual writes have re-written
//     every item and before the backfill starts) are verified once and
//     skipped to the next event;
//   - after it, every pattern runs the workload's runs at the new version
//     ("after").
// The report's MigrationReport (model/runner.h) gives each phase's reads
// verified and mismatches, the backfill's seconds, copies and consumed
// units. A cutover before the backfill ends shows as mismatches: a read at
// the new version misses the items not yet copied.
//
// Errors (Validation): the section's fields (ParseMigrationSpec), the two
// versions (Migration::CheckVersions), a fromVersion other than the
// workload's constant "version". The run refuses a backend without Scan
// (endpoint mode): a migration runs in process only.
//
// Thread safety: the hook it installs is called by RunModel on its thread.

#ifndef EDDY_MODEL_LAB_MODEL_MIGRATION_H_
#define EDDY_MODEL_LAB_MODEL_MIGRATION_H_

#include "emulator/base/status.h"
#include "model/model.h"
#include "model/runner.h"

namespace eddy::lab {

// Whether the model declares a migration (its workload's "migration").
bool HasMigration(const model::Model& m);

// Sets options->migrate for the model's migration; does nothing for a
// model without one.
Status AddModelMigration(const model::Model& m, model::RunOptions* options);

}  // namespace eddy::lab

#endif  // EDDY_MODEL_LAB_MODEL_MIGRATION_H_
