# bash completion for scrollsimctl
_scrollsimctl() {
    local cur prev commands options
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    commands="live status simulations counts watch open advance perform close run profile render trace layout validate scenarios"
    options="--json --local --address --scenario-dir --help --version --seconds --all-viewports --policy --policies --seed --prefetch --budget --time --output --start-daemon --realtime --viewport --viewports --limit --interval --counts-only --all"
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "$commands $options" -- "$cur"))
        return
    fi
    case "$prev" in
        --budget|--output|validate|--scenario-dir) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --policy|--policies) COMPREPLY=($(compgen -W "uikit uikit14 targeted" -- "$cur")); return ;;
        run|profile|render|layout) COMPREPLY=($(compgen -W "$(scrollsimctl scenarios --local 2>/dev/null | awk 'NR>1 {print $1}')" -f -- "$cur")); return ;;
    esac
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
}
complete -F _scrollsimctl scrollsimctl
