package io.bucketry.application.port.in;

import io.bucketry.application.port.out.StorageStatistics;

/** Use case: bucket statistics of what is stored (seed 000's "Verify with"). */
public interface DescribeStorageUseCase {

    StorageStatistics describe();
}
