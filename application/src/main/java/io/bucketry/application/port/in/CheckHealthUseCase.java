package io.bucketry.application.port.in;

import io.bucketry.application.port.out.StoreHealth;

/** Use case: can the store take writes now (for a health endpoint or a readiness probe). */
public interface CheckHealthUseCase {

    /** The store's health; never throws for a store that is down, answers it. */
    StoreHealth check();
}
