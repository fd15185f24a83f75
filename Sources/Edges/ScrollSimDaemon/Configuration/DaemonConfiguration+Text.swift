extension DaemonConfiguration {
    /// The configuration as `scrollsimd.conf` text (`--print-config`); parsing it gives this
    /// configuration back.
    package func iniText() -> String {
        func time(_ seconds: Double) -> String {
            seconds < 1 ? "\(formatNumber(seconds * 1000))ms" : "\(formatNumber(seconds))s"
        }
        func size(_ bytes: Int) -> String {
            bytes % (1 << 20) == 0 ? "\(bytes >> 20)M" : bytes % (1 << 10) == 0 ? "\(bytes >> 10)K" : "\(bytes)"
        }
        var lines = ["[Daemon]"]
        lines.append("ScenarioDirectory=\(scenarioDirectory ?? "")")
        lines.append("TickInterval=\(time(tickInterval))")
        lines.append("TickBudget=\(time(tickBudget))")
        lines.append("Workers=\(workers.map(String.init) ?? "auto")")
        lines.append("StatusInterval=\(time(statusInterval))")
        lines.append("CheckpointInterval=\(time(checkpointInterval))")
        lines.append("JobSlice=\(time(jobSlice))")
        lines.append("LogLevel=\(logLevel)")
        lines.append("SocketMode=0\(String(socketMode, radix: 8))")
        lines.append("")
        lines.append("[Screens]")
        lines.append("Host=")
        for host in screenHosts { lines.append("Host=\(host)") }
        lines.append("HostDirectory=\(hostDirectory)")
        lines.append("HostTimeout=\(time(hostTimeout))")
        lines.append("HostMemoryMax=\(hostMemoryMax == 0 ? "infinity" : size(hostMemoryMax))")
        lines.append("")
        lines.append("[Live]")
        lines.append("Simulation=")
        for spec in live {
            var words = [spec.scenario, "\(formatNumber(spec.width))x\(formatNumber(spec.height))"]
            if let policy = spec.policy { words.append("policy=\(policy)") }
            if spec.seed != 0 { words.append("seed=\(spec.seed)") }
            if let prefetch = spec.prefetch { words.append("prefetch=\(formatNumber(prefetch))") }
            lines.append("Simulation=" + words.joined(separator: " "))
        }
        lines.append("")
        lines.append("[Limits]")
        lines.append("MaxConnections=\(maxConnections)")
        lines.append("MaxConnectionsPerUser=\(maxConnectionsPerUser)")
        lines.append("ReservedConnections=\(reservedConnections)")
        lines.append("IdleTimeout=\(time(idleTimeout))")
        lines.append("MaxBufferMemory=\(size(maxBufferMemory))")
        lines.append("MaxRequestsPerSecond=\(maxRequestsPerSecond)")
        lines.append("MaxMessageSize=\(size(maxMessageSize))")
        lines.append("MaxOutputBuffer=\(size(maxOutputBuffer))")
        lines.append("MaxSimulations=\(service.simulations)")
        lines.append("MaxSimulationsPerUser=\(service.simulationsPerUser)")
        lines.append("MaxItemsPerUser=\(service.itemsPerUser)")
        lines.append("MaxEventRecords=\(service.eventRecords)")
        lines.append("MaxStreams=\(maxStreams)")
        lines.append("StreamQueue=\(streamQueue)")
        lines.append("MaxJobs=\(maxJobs)")
        lines.append("MaxJobsPerUser=\(maxJobsPerUser)")
        lines.append("MaxSecondsPerAdvance=\(time(service.secondsPerAdvance))")
        lines.append("MaxProfileSeconds=\(time(service.profileSeconds))")
        lines.append("MaxProfileRuns=\(service.profileRuns)")
        lines.append("MaxEventsPerPage=\(service.eventsPerPage)")
        lines.append("MaxElementsPerReply=\(service.elementsPerReply)")
        lines.append("MaxSectionsPerDefinition=\(service.sectionsPerDefinition)")
        lines.append("MaxItemsPerEdit=\(service.itemsPerEdit)")
        lines.append("MaxItemsPerProfile=\(service.itemsPerProfile)")
        lines.append("")
        lines.append("[Access]")
        lines.append("AllowUsers=" + allowUsers.joined(separator: " "))
        lines.append("AllowGroups=" + allowGroups.joined(separator: " "))
        lines.append("ReadAccess=" + (readOpenToAll ? "all" : "allowed"))
        lines.append("ReadOthers=" + (service.readOthers ? "yes" : "no"))
        return lines.joined(separator: "\n") + "\n"
    }

    private func formatNumber(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
