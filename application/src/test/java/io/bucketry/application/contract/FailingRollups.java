package io.bucketry.application.contract;

import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.application.testing.ForwardingRollups;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/** A rollup store whose next tier write fails when told to, after writing nothing. */
final class FailingRollups extends ForwardingRollups {

    private final AtomicBoolean failNext = new AtomicBoolean();

    FailingRollups(StoreRollups rollups) {
        super(rollups);
    }

    void failNextReplace() {
        failNext.set(true);
    }

    @Override
    public void replace(List<RollupWindow> windows) {
        failIfTold();
        super.replace(windows);
    }

    @Override
    public void replace(List<RollupWindow> windows, long version) {
        failIfTold();
        super.replace(windows, version);
    }

    private void failIfTold() {
        if (failNext.getAndSet(false)) {
            throw new FailingAfterStore.InjectedFailure("injected: the tier write failed");
        }
    }
}
