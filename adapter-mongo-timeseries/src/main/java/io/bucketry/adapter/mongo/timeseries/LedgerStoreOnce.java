package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.adapter.mongo.timeseries.ReadingDocuments.Identity;
import io.bucketry.domain.Reading;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Stores once through the identity ledger ({@link IdentityLedger}): per round, one command claims the
 * batch's identities, the readings of those claimed are inserted (no duplicate check: a claim that
 * succeeds proves the reading absent), and only the identities claimed before are looked up. Stored,
 * they are duplicates; absent, their claim belongs to a batch still writing (wait for a later round)
 * or to one that failed or crashed between claim and insert (taken over once its lease ran out).
 */
final class LedgerStoreOnce implements StoreOnce {

    private final IdentityLedger ledger;

    LedgerStoreOnce(IdentityLedger ledger) {
        this.ledger = ledger;
    }

    @Override
    public List<Reading> store(Map<String, List<Reading>> bySeries, Inserts inserts) {
        Map<Identity, Reading> pending = new LinkedHashMap<>();
        bySeries.values().forEach(readings -> readings.forEach(reading -> pending.put(Identity.of(reading), reading)));
        List<Reading> fresh = new ArrayList<>();
        for (int round = 0; !pending.isEmpty(); round++) {
            Set<Identity> won = ledger.claim(pending.keySet());
            List<Reading> claimed = new ArrayList<>(won.size());
            won.forEach(identity -> claimed.add(pending.remove(identity)));
            if (!claimed.isEmpty()) {
                insertOrAbandon(claimed, won, inserts);
                fresh.addAll(claimed);
            }
            if (pending.isEmpty()) {
                break;
            }
            pending.keySet().removeAll(inserts.stored(pending.keySet()));
            if (!pending.isEmpty() && ledger.takeOverExpired(pending.keySet()) == 0) {
                StoreOnce.pause(round);
            }
        }
        return fresh;
    }

    /** A failed insert may have stored part of the readings: its claims are let go at once, and a retry checks. */
    private void insertOrAbandon(List<Reading> claimed, Set<Identity> won, Inserts inserts) {
        try {
            inserts.insert(claimed);
        } catch (RuntimeException e) {
            try {
                ledger.abandon(won);
            } catch (RuntimeException unreleased) {
                e.addSuppressed(unreleased);
            }
            throw e;
        }
    }
}
